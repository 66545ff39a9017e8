/** An S3 error answer of the gate: S3's own codes, so the site's S3 client reports it as S3 would. */
export class GateRefusal extends Error {
	readonly status: number;
	readonly code: string;

	constructor(status: number, code: string, message: string) {
		super(message);
		this.status = status;
		this.code = code;
	}
}

export function errorXml(refusal: GateRefusal): string {
	const escape = (text: string) => text.replace(/[<>&]/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[character]!);
	return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escape(refusal.message)}</Message></Error>`;
}
