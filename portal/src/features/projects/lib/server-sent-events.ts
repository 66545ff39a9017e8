/** One server-sent event: its name (`message` when unnamed) and its data lines joined. */
export interface ServerSentEvent {
	event: string;
	data: string;
}

/**
 * Splits what a stream delivered so far into whole events (a blank line ends one) and the rest,
 * which the next chunk completes. Comments (`: …`, heartbeats) carry nothing and are skipped.
 */
export function takeEvents(buffered: string): { events: ServerSentEvent[]; rest: string } {
	const blocks = buffered.replace(/\r\n/g, '\n').split('\n\n');
	const rest = blocks.pop() ?? '';
	const events: ServerSentEvent[] = [];
	for (const block of blocks) {
		let event = 'message';
		const data: string[] = [];
		for (const line of block.split('\n')) {
			if (line.startsWith('event:')) event = line.slice(6).trim();
			else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
		}
		if (data.length > 0) events.push({ event, data: data.join('\n') });
	}
	return { events, rest };
}
