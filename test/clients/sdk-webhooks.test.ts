/**
 * The SDK's webhook check (`verifyWebhook`, `parseWebhook`, packages/sdk/src/webhooks.ts) against
 * signatures made by the service's own signer (packages/webhooks `signature`): the right
 * delivery passes; an altered body, another secret, a timestamp outside the tolerance, and
 * malformed headers fail with their reason; any one of several `v1` values is enough.
 */
import { parseWebhook, verifyWebhook, WebhookVerificationError, WEBHOOK_SIGNATURE_HEADER } from '@listings/sdk';
import { verifyWebhook as verifyFromSubpath } from '@listings/sdk/webhooks';
import { jobSettledEvent, signature, SIGNATURE_HEADER } from '@listings/webhooks';

const SECRET = 'whsec_test_3f9a1c';
const OTHER = 'whsec_test_other';
const T = 1_760_000_000;
const NOW = new Date(T * 1000);
const body = JSON.stringify(jobSettledEvent({ request_id: 'req_abc', status: 'complete', credits: 1, cached: false, result: { count: 3, page: 1 } }, false, NOW));

test('the header name is the signer\'s', () => {
  expect(WEBHOOK_SIGNATURE_HEADER).toBe(SIGNATURE_HEADER);
});

test('a delivery signed with the endpoint\'s secret verifies (string and bytes bodies)', async () => {
  const header = signature(SECRET, body, T);
  await expect(verifyWebhook(SECRET, header, body, { now: NOW })).resolves.toEqual({ ok: true, timestamp: T });
  await expect(verifyWebhook(SECRET, header, new TextEncoder().encode(body), { now: NOW })).resolves.toEqual({ ok: true, timestamp: T });
  await expect(verifyFromSubpath(SECRET, header, body, { now: NOW })).resolves.toEqual({ ok: true, timestamp: T });
  // Non-ASCII bodies: the signer hashes UTF-8, and so does the check.
  const accented = JSON.stringify({ id: 'evt_1', title: 'Café — 𝄞 ünïcode' });
  await expect(verifyWebhook(SECRET, signature(SECRET, accented, T), accented, { now: NOW })).resolves.toEqual({ ok: true, timestamp: T });
});

test('an altered body does not verify', async () => {
  const header = signature(SECRET, body, T);
  await expect(verifyWebhook(SECRET, header, body.replace('"req_abc"', '"req_abd"'), { now: NOW })).resolves.toEqual({ ok: false, reason: 'mismatch' });
  await expect(verifyWebhook(SECRET, header, `${body} `, { now: NOW })).resolves.toEqual({ ok: false, reason: 'mismatch' });
  // Re-serialized JSON is not the raw body.
  await expect(verifyWebhook(SECRET, header, JSON.stringify(JSON.parse(body), null, 2), { now: NOW })).resolves.toEqual({ ok: false, reason: 'mismatch' });
});

test('a signature made with another secret does not verify', async () => {
  await expect(verifyWebhook(SECRET, signature(OTHER, body, T), body, { now: NOW })).resolves.toEqual({ ok: false, reason: 'mismatch' });
});

test('a timestamp outside the tolerance is refused, either way, even when the HMAC matches', async () => {
  const header = signature(SECRET, body, T);
  const at = (s: number) => new Date((T + s) * 1000);
  await expect(verifyWebhook(SECRET, header, body, { now: at(300) })).resolves.toEqual({ ok: true, timestamp: T });
  await expect(verifyWebhook(SECRET, header, body, { now: at(301) })).resolves.toEqual({ ok: false, reason: 'too_old' });
  await expect(verifyWebhook(SECRET, header, body, { now: at(-301) })).resolves.toEqual({ ok: false, reason: 'too_old' });
  await expect(verifyWebhook(SECRET, header, body, { now: at(61), toleranceSeconds: 60 })).resolves.toEqual({ ok: false, reason: 'too_old' });
  await expect(verifyWebhook(SECRET, header, body, { now: at(3600), toleranceSeconds: 7200 })).resolves.toEqual({ ok: true, timestamp: T });
  // The timestamp is inside the signed text: moving `t` forward breaks the HMAC.
  const replayed = header.replace(`t=${T}`, `t=${T + 3600}`);
  await expect(verifyWebhook(SECRET, replayed, body, { now: at(3600) })).resolves.toEqual({ ok: false, reason: 'mismatch' });
});

test('the clock is the default `now`', async () => {
  const t = Math.floor(Date.now() / 1000);
  await expect(verifyWebhook(SECRET, signature(SECRET, body, t), body)).resolves.toEqual({ ok: true, timestamp: t });
  await expect(verifyWebhook(SECRET, signature(SECRET, body, t - 3600), body)).resolves.toEqual({ ok: false, reason: 'too_old' });
});

test('any one of several v1 values is enough (secret rotation); none matching is a mismatch', async () => {
  const mine = signature(SECRET, body, T).split(',')[1]!;
  const theirs = signature(OTHER, body, T).split(',')[1]!;
  await expect(verifyWebhook(SECRET, `t=${T},${theirs},${mine}`, body, { now: NOW })).resolves.toEqual({ ok: true, timestamp: T });
  await expect(verifyWebhook(SECRET, `t=${T}, ${mine}, ${theirs}`, body, { now: NOW })).resolves.toEqual({ ok: true, timestamp: T });
  await expect(verifyWebhook(OTHER, `t=${T},${mine},${theirs}`, body, { now: NOW })).resolves.toEqual({ ok: true, timestamp: T });
  await expect(verifyWebhook('whsec_third', `t=${T},${mine},${theirs}`, body, { now: NOW })).resolves.toEqual({ ok: false, reason: 'mismatch' });
  // Unknown schemes (v0=…) are ignored, not trusted.
  const v0 = `v0=${mine.slice(3)}`;
  await expect(verifyWebhook(SECRET, `t=${T},${v0}`, body, { now: NOW })).resolves.toEqual({ ok: false, reason: 'malformed' });
});

test('missing or malformed headers are refused as malformed', async () => {
  const mac = signature(SECRET, body, T).split(',')[1]!.slice(3);
  for (const header of [undefined, null, '', 'garbage', `v1=${mac}`, `t=${T}`, `t=abc,v1=${mac}`, `t=${T},v1=${mac.slice(2)}`, `t=${T},v1=${mac.toUpperCase()}`, `t=-5,v1=${mac}`]) {
    await expect(verifyWebhook(SECRET, header, body, { now: NOW })).resolves.toEqual({ ok: false, reason: 'malformed' });
  }
});

test('parseWebhook returns the event, or throws with the reason', async () => {
  const header = signature(SECRET, body, T);
  const event = await parseWebhook<{ type: string; data: { job: { request_id: string } } }>(SECRET, header, body, { now: NOW });
  expect(event.type).toBe('job.settled');
  expect(event.data.job.request_id).toBe('req_abc');
  await expect(parseWebhook(OTHER, header, body, { now: NOW })).rejects.toMatchObject({ name: 'WebhookVerificationError', reason: 'mismatch' });
  await expect(parseWebhook(SECRET, header, body, { now: new Date((T + 900) * 1000) })).rejects.toBeInstanceOf(WebhookVerificationError);
});
