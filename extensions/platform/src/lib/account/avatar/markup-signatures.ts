/**
 * Markup or script anywhere in an upload: what a browser or a PHP interpreter would run if the
 * bytes were ever served as something other than an image. Valid image data hides such text in
 * places decoders skip (PNG text chunks, JPEG comments, GIF extensions).
 *
 * Tag names must be followed by what ends a tag name in HTML (whitespace, `/` or `>`), which is
 * also all a browser needs to see a tag. Compressed pixel data looks random, and `<svg` in any case
 * turns up by chance in about 1 in 100 files of 5 MB; with the delimiter, about 1 in 4,000 (such an
 * image is refused and can be saved again, or smaller). The longer signatures are rarer still.
 */
const SIGNATURES = /<(?:script|html|svg|iframe|body)[\t\n\f\r />]|<\?php|<!doctype|javascript:/i;

export function containsMarkup(bytes: Uint8Array): boolean {
	return SIGNATURES.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}
