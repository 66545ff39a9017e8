/**
 * Testcontainers' settings for this machine, set before its first call (it reads them once per
 * process):
 *  - no Ryuk: its reaper is an image that cannot be pulled here, so each suite's teardown stops
 *    what it started;
 *  - the containers' published ports are on 127.0.0.1. The engine runs on this machine, but the
 *    machine is itself a container (/.dockerenv), and there Testcontainers looks for the ports on
 *    the default bridge's gateway instead, when the engine names one: a stack that publishes on
 *    loopback only then never looked "bound" (seen in CI: "Port … not bound after 240000ms").
 */
export function useTestcontainersOnThisMachine(): void {
	process.env['TESTCONTAINERS_RYUK_DISABLED'] = 'true';
	process.env['TESTCONTAINERS_HOST_OVERRIDE'] = '127.0.0.1';
}
