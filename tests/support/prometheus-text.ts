/**
 * Reading a Prometheus text exposition (format 0.0.4) the way a scraper does: one sample a line,
 * `name{labels} value`, with `# HELP` and `# TYPE` lines per metric. Lines are matched whole, so a
 * series never matches another whose name or labels merely start the same.
 */

/** The value of one series written exactly as exposed (e.g. `epic_x_total{a="b"}`), or null when absent. */
export function sampleValue(text: string, series: string): number | null {
	const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
	return line === undefined ? null : Number(line.slice(series.length + 1));
}

/** The metric's TYPE, or null when the exposition has no HELP and TYPE lines for it. */
export function metricType(text: string, name: string): string | null {
	const lines = text.split('\n');
	const hasHelp = lines.some((line) => line.startsWith(`# HELP ${name} `) && line.length > `# HELP ${name} `.length);
	const type = lines.find((line) => line.startsWith(`# TYPE ${name} `));
	return hasHelp && type ? type.slice(`# TYPE ${name} `.length) : null;
}

/** Every metric name declared by a TYPE line, in order (a name declared twice breaks a scrape). */
export function declaredMetrics(text: string): string[] {
	return text
		.split('\n')
		.filter((line) => line.startsWith('# TYPE '))
		.map((line) => line.split(' ')[2]!);
}

export const PROMETHEUS_TEXT_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
