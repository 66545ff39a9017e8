import { Alert, Box, Button, Field, Heading, Input, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { domainProofRecordName, type DnsVerifyResult, type Project } from '@epic/platform-api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { actionToasts } from '../../../lib/action-toasts';
import { getErrorMessage } from '../../../lib/api-error';
import { usePortalConfig } from '../../../lib/portal-config';
import { refreshProjects } from '../api/refresh-projects';
import { updateProject } from '../api/update-project';
import { verifyDns } from '../api/verify-dns';
import { formatDate } from '../lib/format-date';

/**
 * The dialog's custom domain: its state, and the form with the DNS records to add. An installation
 * without a public IP (the embedded default) says once that no domain can point to it.
 */
export function ProjectCustomDomain({ project }: { project: Project }) {
	const { t } = useTranslation();
	const { data: portalConfig } = usePortalConfig();
	const publicIp = portalConfig?.publicIp ?? null;
	return (
		<Stack gap="4" data-testid="custom-domain">
			<Stack gap="1">
				<Heading as="h3" size="sm">
					{t('projects.domain.title')}
				</Heading>
				<Text fontSize="sm" color="fg.muted">
					{t('projects.domain.intro')}
				</Text>
			</Stack>
			<DomainStatus project={project} />
			{portalConfig && !publicIp && (
				<Alert.Root status="info" size="sm" data-testid="dns-ip-missing">
					<Alert.Indicator />
					<Alert.Description>{t('projects.domain.ipNotConfigured')}</Alert.Description>
				</Alert.Root>
			)}
			{publicIp && <DomainForm project={project} publicIp={publicIp} />}
		</Stack>
	);
}

/** Whether the assigned domain is served now, as the server's re-checks see it. */
function DomainStatus({ project }: { project: Project }) {
	const { t, i18n } = useTranslation();
	if (!project.domain) return null;
	const domain = project.domain;
	if (!project.domain_verified_at) {
		return (
			<Alert.Root status="info" size="sm" data-testid="domain-status" data-state="unverified">
				<Alert.Indicator />
				<Alert.Description>{t('projects.domain.statusUnverified', { domain })}</Alert.Description>
			</Alert.Root>
		);
	}
	if (project.domain_failed_checks > 0) {
		return (
			<Alert.Root status="warning" size="sm" data-testid="domain-status" data-state="failing">
				<Alert.Indicator />
				<Alert.Description>{t('projects.domain.statusFailing', { domain, count: project.domain_failed_checks })}</Alert.Description>
			</Alert.Root>
		);
	}
	return (
		<Alert.Root status="success" size="sm" data-testid="domain-status" data-state="served">
			<Alert.Indicator />
			<Alert.Description>{t('projects.domain.statusServed', { domain, date: formatDate(project.domain_verified_at, i18n.resolvedLanguage) })}</Alert.Description>
		</Alert.Root>
	);
}

/** The domain field, its DNS check and the records to add; only where custom domains can point here. */
function DomainForm({ project, publicIp }: { project: Project; publicIp: string }) {
	const { t } = useTranslation();
	const [domain, setDomain] = useState(project.domain ?? '');
	const [busy, setBusy] = useState<'assign' | 'verify' | null>(null);
	const [result, setResult] = useState<DnsVerifyResult | null>(null);
	const blank = domain.trim() === '';
	// The proof record's name follows the domain being typed, so it can be added before assigning.
	const proofDomain = domain.trim().toLowerCase().replace(/\.$/, '') || t('projects.domain.proofDomainPlaceholder');

	const assign = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (blank) return;
		const toasts = actionToasts(`assign-domain:${project.id}`);
		toasts.retried();
		setBusy('assign');
		try {
			const updated = await updateProject(project.id, { domain: domain.trim() });
			setDomain(updated.domain ?? '');
			await refreshProjects();
			toasts.succeeded({ title: t('projects.domain.assigned') });
		} catch (error) {
			toasts.failed({ title: t('projects.domain.assignFailed'), description: getErrorMessage(error) });
		} finally {
			setBusy(null);
		}
	};

	const verify = async () => {
		if (blank) return;
		setBusy('verify');
		setResult(null);
		try {
			setResult(await verifyDns({ project_id: project.id, domain: domain.trim() }));
			// A check of the assigned domain that succeeds starts serving it: show the new state.
			await refreshProjects();
		} catch (error) {
			setResult({ verified: false, message: getErrorMessage(error) });
		} finally {
			setBusy(null);
		}
	};

	const resultMessage = result ? (result.verified ? t('projects.domain.verified') : result.message || t('projects.domain.notFound')) : null;

	return (
		<>
			<form noValidate onSubmit={(event) => void assign(event)}>
				<Stack gap="3">
					<Field.Root>
						<Field.Label>{t('projects.domain.label')}</Field.Label>
						<Input
							value={domain}
							onChange={(event) => {
								setDomain(event.target.value);
								setResult(null);
							}}
							placeholder="www.example.com"
							autoComplete="off"
							spellCheck={false}
							data-testid="domain-input"
						/>
					</Field.Root>
					<Wrap gap="2">
						<Button type="submit" size="sm" colorPalette="purple" disabled={blank} loading={busy === 'assign'} data-testid="domain-assign">
							{t('projects.domain.assign')}
						</Button>
						<Button size="sm" variant="outline" disabled={blank} loading={busy === 'verify'} onClick={() => void verify()} data-testid="domain-verify">
							{t('projects.domain.verify')}
						</Button>
					</Wrap>
				</Stack>
			</form>
			{resultMessage && (
				<Alert.Root status={result?.verified ? 'success' : 'warning'} size="sm" data-testid="domain-verify-result" data-verified={String(result?.verified)}>
					<Alert.Indicator />
					<Alert.Description>{resultMessage}</Alert.Description>
				</Alert.Root>
			)}
			<Box borderWidth="1px" rounded="l2" p="4" data-testid="dns-instructions">
				<Stack gap="3">
					<Text fontWeight="semibold" fontSize="sm">
						{t('projects.domain.dnsTitle')}
					</Text>
					<Table.ScrollArea>
						{/* A fixed layout: the long TXT name and value wrap inside the dialog instead of running past it. */}
						<Table.Root size="sm" tableLayout="fixed">
							<Table.Header>
								<Table.Row>
									<Table.ColumnHeader width="16">{t('projects.domain.type')}</Table.ColumnHeader>
									<Table.ColumnHeader>{t('projects.domain.name')}</Table.ColumnHeader>
									<Table.ColumnHeader>{t('projects.domain.value')}</Table.ColumnHeader>
								</Table.Row>
							</Table.Header>
							<Table.Body>
								<Table.Row>
									<Table.Cell>A</Table.Cell>
									<Table.Cell>@</Table.Cell>
									<Table.Cell fontFamily="mono" data-testid="dns-ip">
										{publicIp}
									</Table.Cell>
								</Table.Row>
								{project.domain_proof_value && (
									<Table.Row>
										<Table.Cell>TXT</Table.Cell>
										<Table.Cell fontFamily="mono" wordBreak="break-all" data-testid="dns-proof-name">
											{domainProofRecordName(proofDomain)}
										</Table.Cell>
										<Table.Cell fontFamily="mono" wordBreak="break-all" data-testid="dns-proof-value">
											{project.domain_proof_value}
										</Table.Cell>
									</Table.Row>
								)}
							</Table.Body>
						</Table.Root>
					</Table.ScrollArea>
					{project.domain_proof_value && (
						<Text fontSize="sm" color="fg.muted" data-testid="dns-proof-why">
							{t('projects.domain.proofWhy')}
						</Text>
					)}
					<Text fontSize="sm" color="fg.muted">
						{t('projects.domain.propagation')}
					</Text>
				</Stack>
			</Box>
		</>
	);
}
