/**
 * Directus 12.4 validates a GraphQL document against the caller's schema, then hands it to
 * graphql-js's `execute`, which reports the request errors that validation does not cover: an
 * operation type the schema lacks, an operation it cannot pick, variables it cannot coerce. Directus
 * treats those as unexpected and answers INTERNAL_SERVER_ERROR. The schema is cut to the caller's
 * permissions, so a customer or anonymous caller, who may write nothing through `/graphql`, has no
 * Mutation type there, and every mutation they sent, even `mutation { __typename }`, "failed".
 *
 * This middleware runs in front of Directus's GraphQL router and answers those cases itself with
 * the refusal or client error they are: 403 FORBIDDEN for an operation type the caller's
 * permissions leave out, 400 GRAPHQL_VALIDATION (Directus's code for documents it cannot run) for a
 * bad operation name or bad variables. Anything it does not recognise, including documents that fail
 * validation, goes on to Directus untouched.
 */
import { createError, ForbiddenError } from '@directus/errors';
import type { Accountability, SchemaOverview } from '@directus/types';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { getVariableValues, Kind, parse, validate, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';

interface RequestErrorDetail {
	message: string;
	locations?: readonly { line: number; column: number }[];
}

export const GraphQLRequestError = createError<{ errors: RequestErrorDetail[] }>('GRAPHQL_VALIDATION', 'GraphQL validation error.', 400);

/** What Directus's GraphQLService needs to build (and cache) the caller's schema. */
export interface GraphQLSchemaSource {
	new (options: { accountability: Accountability | null; schema: SchemaOverview; scope: 'items' | 'system' }): {
		getSchema(): Promise<GraphQLSchema>;
	};
}

interface GraphQLRequest {
	document: DocumentNode;
	operationName: string | null;
	variables: Record<string, unknown>;
}

type DirectusRequest = Request & { accountability?: Accountability | null; schema?: SchemaOverview };

/** Read the way Directus's own GraphQL middleware reads it; null when that would refuse it anyway. */
function readRequest(req: Request): GraphQLRequest | null {
	const source = req.method === 'GET' ? req.query : req.method === 'POST' ? (req.body as Record<string, unknown> | undefined) : null;
	if (!source || typeof source['query'] !== 'string') return null;
	let variables: unknown = source['variables'] ?? {};
	try {
		if (typeof variables === 'string') variables = JSON.parse(variables);
		const operationName = typeof source['operationName'] === 'string' && source['operationName'] ? source['operationName'] : null;
		if (typeof variables !== 'object' || variables === null) return null;
		return { document: parse(source['query']), operationName, variables: variables as Record<string, unknown> };
	} catch {
		return null;
	}
}

/** graphql-js's own choice of operation, with its own messages when there is none to choose. */
function selectOperation(document: DocumentNode, operationName: string | null): OperationDefinitionNode | string {
	const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
	if (operationName !== null) {
		return operations.find((operation) => operation.name?.value === operationName) ?? `Unknown operation named "${operationName}".`;
	}
	if (operations.length === 1) return operations[0]!;
	return operations.length === 0 ? 'Must provide an operation.' : 'Must provide operation name if query contains multiple operations.';
}

function requestErrorFor(schema: GraphQLSchema, request: GraphQLRequest): Error | null {
	const operation = selectOperation(request.document, request.operationName);
	if (typeof operation === 'string') return new GraphQLRequestError({ errors: [{ message: operation }] });
	if (!schema.getRootType(operation.operation)) return new ForbiddenError();
	const { errors } = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables);
	if (errors?.length) {
		return new GraphQLRequestError({ errors: errors.map(({ message, locations }) => ({ message, ...(locations ? { locations } : {}) })) });
	}
	return null;
}

/** Mounted on `/graphql`; `/graphql/system` is Directus's system scope, everything else its items scope. */
export function graphqlRequestErrors(GraphQLService: GraphQLSchemaSource): RequestHandler {
	return (req: Request, _res: Response, next: NextFunction) => {
		const request = readRequest(req);
		const { accountability, schema: overview } = req as DirectusRequest;
		if (!request || !overview) return next();
		const scope = /^\/system(\/|$)/.test(req.path) ? 'system' : 'items';
		new GraphQLService({ accountability: accountability ?? null, schema: overview, scope })
			.getSchema()
			.then((schema) => {
				if (validate(schema, request.document).length > 0) return next();
				next(requestErrorFor(schema, request) ?? undefined);
			})
			// A schema Directus cannot build is Directus's to report, as it would without us.
			.catch(() => next());
	};
}
