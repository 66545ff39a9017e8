/**
 * The platform image's health check: the control plane answers `/server/ping` on its port (PORT,
 * or the one a replica chose from CONTROL_PLANE_PORTS and recorded). Exit code 0 when it does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { LISTEN_PORT_FILE } from '@epic/local-platform/control-plane-drain';

const port = existsSync(LISTEN_PORT_FILE) ? readFileSync(LISTEN_PORT_FILE, 'utf8').trim() : (process.env['PORT'] ?? '8055');
const answer = await fetch(`http://127.0.0.1:${port}/server/ping`, { signal: AbortSignal.timeout(2500) }).catch(() => null);
process.exit(answer?.ok ? 0 : 1);
