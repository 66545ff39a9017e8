/**
 * The tables that let several control-plane replicas share one database without doing a job twice
 * (docs/operations.md, Replicas). They are not content: no collection in the schema snapshot, so
 * Studio and the API do not show them, and `schema apply` leaves them alone (it manages only the
 * tables Directus tracks). Times are epoch milliseconds on every database.
 *
 * - `scheduled_jobs`: one row per scheduled job, the tick it last started and the replica holding
 *   it while it runs (with the lease's expiry), so each tick runs once and runs never overlap;
 * - `scheduled_job_runs`: each run's tick, replica, start, end and outcome, kept for a week;
 * - `coordination_leases`: named locks across replicas (one avatar change of a user at a time, one
 *   re-read of a subscription, one manual backup of a project), each with its holder and expiry;
 * - `outbox`: each email and notification the platform owes a customer, keyed by the event it tells
 *   of, written before the change it tells of and marked once sent: a second replica that saw the
 *   same event finds it there, and one that died before sending leaves it for the others.
 */
export async function up(knex) {
	if (!(await knex.schema.hasTable('scheduled_jobs'))) {
		await knex.schema.createTable('scheduled_jobs', (table) => {
			table.string('job', 64).primary();
			table.bigInteger('last_tick').notNullable();
			table.string('holder', 64).nullable();
			table.bigInteger('lease_until').nullable();
		});
	}
	if (!(await knex.schema.hasTable('scheduled_job_runs'))) {
		await knex.schema.createTable('scheduled_job_runs', (table) => {
			table.string('id', 36).primary();
			table.string('job', 64).notNullable();
			table.bigInteger('tick').notNullable();
			table.string('replica', 64).notNullable();
			table.bigInteger('started_at').notNullable();
			table.bigInteger('finished_at').nullable();
			table.string('outcome', 16).notNullable();
			table.text('error').nullable();
			table.unique(['job', 'tick']);
		});
	}
	if (!(await knex.schema.hasTable('coordination_leases'))) {
		await knex.schema.createTable('coordination_leases', (table) => {
			table.string('name', 255).primary();
			table.string('holder', 64).notNullable();
			table.bigInteger('lease_until').notNullable();
		});
	}
	if (!(await knex.schema.hasTable('outbox'))) {
		await knex.schema.createTable('outbox', (table) => {
			table.string('key', 255).primary();
			// The customer it is for (their id), so deleting the account erases what is owed to them.
			table.string('recipient', 64).nullable().index();
			table.text('effect').notNullable();
			table.string('state', 16).notNullable();
			table.integer('attempts').notNullable().defaultTo(0);
			table.string('holder', 64).nullable();
			table.bigInteger('created_at').notNullable();
			table.bigInteger('claimed_at').nullable();
			table.bigInteger('sent_at').nullable();
			table.text('error').nullable();
			table.index(['state', 'created_at']);
		});
	}
}

export async function down(knex) {
	await knex.schema.dropTableIfExists('outbox');
	await knex.schema.dropTableIfExists('coordination_leases');
	await knex.schema.dropTableIfExists('scheduled_job_runs');
	await knex.schema.dropTableIfExists('scheduled_jobs');
}
