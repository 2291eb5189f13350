// The new text of a visitor's answer: what they wrote above the history their mail program quoted ("On … wrote:",
// "-----Original Message-----", Outlook's From:/Sent: block, `>` lines), so the lead shows each message once.

/** A line that starts the quoted history; what follows it is dropped. */
const HISTORY_STARTS = [
  // Gmail, Apple Mail, Thunderbird: "On Mon, 1 Dec 2026 at 10:00, Agency <x@y> wrote:" (possibly wrapped).
  /^\s*On\b.{0,300}\bwrote:\s*$/i,
  // Other languages' "… wrote:": "Le … a écrit :", "Am … schrieb …:".
  /^\s*(Le\b.{0,300}\ba écrit|Am\b.{0,300}\bschrieb\b.{0,200})\s*:\s*$/i,
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^\s*-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  // Outlook: a rule of underscores, then the From:/Sent: header block.
  /^\s*_{10,}\s*$/,
];

/** Outlook without a rule: "From: …" followed within two lines by "Sent:" or "Date:". */
const isOutlookHeader = (lines: string[], index: number) =>
  /^\s*(From|De|Von):\s/i.test(lines[index] ?? '') &&
  lines.slice(index + 1, index + 3).some((line) => /^\s*(Sent|Date|Envoyé|Gesendet):\s/i.test(line));

export function stripQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    // "On …" wrapped over two lines by the mail program: "On Mon, … Agency <x@y>" / "wrote:".
    const wrapped = /^\s*On\b/i.test(line) && /^\s*\S.{0,200}\bwrote:\s*$/i.test(lines[index + 1] ?? '');
    if (HISTORY_STARTS.some((pattern) => pattern.test(line)) || wrapped || isOutlookHeader(lines, index)) {
      end = index;
      break;
    }
  }
  const kept = lines.slice(0, end).filter((line) => !/^\s*>/.test(line));
  const result = kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // A message that is nothing but history (a bare forward) keeps its text: something is better than nothing.
  return result || text.trim();
}
