import type { CaughtEmail, CaughtSms, CaughtWhatsApp } from './mailbox';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for HTML, in an element or in a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const when = (iso: string) => escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'));
const times = (count: number) => (count > 1 ? ` <span class="again" title="resent under the same key, shown once">×${count}</span>` : '');

function emailItem(email: CaughtEmail): string {
  return `<li>
<p class="meta">${when(email.receivedAt)} · to <b>${escapeHtml(email.to.join(', '))}</b> · from ${escapeHtml(email.from)}${times(email.timesReceived)}</p>
<h3>${escapeHtml(email.subject || '(no subject)')}</h3>
<pre>${escapeHtml(email.text)}</pre>
</li>`;
}

function smsItem(sms: CaughtSms): string {
  return `<li>
<p class="meta">${when(sms.receivedAt)} · to <b>${escapeHtml(sms.to)}</b> · from ${escapeHtml(sms.sender)}${times(sms.timesReceived)}</p>
<pre>${escapeHtml(sms.text)}</pre>
</li>`;
}

function whatsAppItem(message: CaughtWhatsApp): string {
  const what = message.template ? `template ${escapeHtml(message.template.name)} (${escapeHtml(message.template.language)})` : 'text';
  return `<li>
<p class="meta">${when(message.receivedAt)} · to <b>${escapeHtml(message.to)}</b> · from ${escapeHtml(message.phoneNumberId)} · ${what}${times(message.timesReceived)}</p>
<pre>${escapeHtml(message.text)}</pre>
</li>`;
}

const list = (items: string[], none: string) => (items.length ? `<ol>${items.join('\n')}</ol>` : `<p class="none">${none}</p>`);

/** "What Utsav sent": every email, text and WhatsApp message the catcher holds, newest first. Every value is escaped. */
export function renderMessagesPage(emails: CaughtEmail[], texts: CaughtSms[], whatsApps: CaughtWhatsApp[] = []): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>What Utsav sent</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1d1b20; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 2rem; } h3 { font-size: 1rem; margin: .2rem 0; }
ol { list-style: none; padding: 0; } li { border: 1px solid #ddd; border-radius: 8px; padding: .6rem .9rem; margin: .6rem 0; }
.meta { color: #555; font-size: .85rem; margin: 0; } .none { color: #777; }
pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: .3rem 0 0; }
.again { background: #fde68a; border-radius: 4px; padding: 0 .3rem; }
</style>
</head>
<body>
<h1>What Utsav sent</h1>
<p class="meta">The local message catcher: emails to its SMTP server, texts to its SMS API and WhatsApp messages to its Cloud API stop here, none leaves this machine. Refreshes every 5 s.</p>
<h2>Emails (${emails.length})</h2>
${list(emails.map(emailItem), 'No email yet.')}
<h2>SMS (${texts.length})</h2>
${list(texts.map(smsItem), 'No SMS yet.')}
<h2>WhatsApp (${whatsApps.length})</h2>
${list(whatsApps.map(whatsAppItem), 'No WhatsApp message yet.')}
</body>
</html>
`;
}
