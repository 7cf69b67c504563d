/**
 * A bare Fastify app, the yardstick of `npm run bench:scale`'s 1,000/s rows: GET /page answers the
 * fixed JSON body in BARE_BODY_FILE (a farmer's real first page, so the same size), uncompressed, with
 * no hooks, database or session. Prints `READY <port>` once listening. Run by bench/scale.ts with the
 * node flags of `npm start`, so the two servers differ only in what the app does per request.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BARE_BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/page', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`READY ${(app.server.address() as { port: number }).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
