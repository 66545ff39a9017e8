/** Talks to Directus's websocket API with Node's built-in WebSocket, as a browser client would. */
type Message = Record<string, unknown>;

export function websocketReplies(baseUrl: string, accessToken: string, requests: Message[], timeoutMs = 5000): Promise<Message[]> {
	return new Promise((resolve, reject) => {
		const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/websocket`);
		const replies: Message[] = [];
		const timer = setTimeout(() => {
			socket.close();
			resolve(replies);
		}, timeoutMs);

		socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', access_token: accessToken })));
		socket.addEventListener('error', () => {
			clearTimeout(timer);
			reject(new Error('websocket error'));
		});
		socket.addEventListener('message', (event) => {
			const message = JSON.parse(String(event.data)) as Message;
			if (message['type'] === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
			replies.push(message);
			if (message['type'] === 'auth' && message['status'] === 'ok') {
				for (const request of requests) socket.send(JSON.stringify(request));
			}
			const answered = requests.every((request) => replies.some((reply) => reply['uid'] === request['uid']));
			if (answered) {
				clearTimeout(timer);
				socket.close();
				resolve(replies);
			}
		});
	});
}

/** Signs in over the websocket API with email and password, as Directus allows; resolves with the `auth` reply. */
export function websocketSignIn(baseUrl: string, email: string, password: string, timeoutMs = 10_000): Promise<Message> {
	return new Promise((resolve, reject) => {
		const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/websocket`);
		const timer = setTimeout(() => {
			socket.close();
			reject(new Error(`no auth reply over the websocket within ${timeoutMs} ms`));
		}, timeoutMs);
		socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', email, password })));
		socket.addEventListener('error', () => {
			clearTimeout(timer);
			reject(new Error('websocket error'));
		});
		socket.addEventListener('message', (event) => {
			const message = JSON.parse(String(event.data)) as Message;
			if (message['type'] !== 'auth') return;
			clearTimeout(timer);
			socket.close();
			resolve(message);
		});
	});
}
