/** The host-side variables the docker CLI itself needs (where the engine is, its config), and no other. */
export function dockerCliEnvironment(): Record<string, string> {
	const env: Record<string, string> = {};
	for (const name of ['PATH', 'HOME', 'DOCKER_HOST', 'DOCKER_CONFIG', 'DOCKER_CERT_PATH', 'DOCKER_TLS_VERIFY']) {
		const value = process.env[name];
		if (value) env[name] = value;
	}
	return env;
}
