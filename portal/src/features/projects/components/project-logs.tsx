import { Alert, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { readLogLine, type Project } from '@epic/platform-api';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '../../../lib/api-error';
import { followProjectLogs } from '../api/follow-project-logs';
import { fetchProjectLogs } from '../api/get-project-logs';

/** The dialog keeps the newest lines only; the site's log itself keeps everything. */
const SHOWN_LINES = 500;

type Follow = { state: 'loading' } | { state: 'live' } | { state: 'stopped'; error: string | null };

const LEVEL_COLORS: Record<string, string> = { warn: 'orange.fg', error: 'red.fg', fatal: 'red.fg' };

/**
 * The site's log in its details dialog: the last lines, then new ones as the site writes them
 * (a server-sent-event stream through the control plane), with secrets already masked by the
 * runtime. A stopped stream says so and can be followed again; the list is a live region that
 * can be scrolled with the keyboard.
 */
export function ProjectLogs({ project, open }: { project: Project; open: boolean }) {
	const { t } = useTranslation();
	const published = project.status === 'published';
	const [lines, setLines] = useState<string[]>([]);
	const [follow, setFollow] = useState<Follow>({ state: 'loading' });
	const [attempt, setAttempt] = useState(0);
	const list = useRef<HTMLPreElement>(null);
	const labelId = useId();

	useEffect(() => {
		if (!open || !published) return;
		const stop = new AbortController();
		const add = (more: string[]) => setLines((shown) => [...shown, ...more].slice(-SHOWN_LINES));
		setFollow({ state: 'loading' });
		void (async () => {
			try {
				const start = await fetchProjectLogs(project.id);
				if (stop.signal.aborted) return;
				setLines(start.lines.slice(-SHOWN_LINES));
				setFollow({ state: 'live' });
				await followProjectLogs(project.id, start.offset, (chunk) => add(chunk.lines), stop.signal);
				if (!stop.signal.aborted) setFollow({ state: 'stopped', error: null });
			} catch (error) {
				// The log's own words, in the page's language: the shared PROJECT_NOT_READY text is about credentials.
				if (!stop.signal.aborted) setFollow({ state: 'stopped', error: t(getErrorCode(error) === 'PROJECT_NOT_READY' ? 'projects.logs.later' : 'projects.logs.loadFailed') });
			}
		})();
		return () => stop.abort();
	}, [open, published, project.id, attempt, t]);

	// The newest line stays in view, as in a terminal, unless the reader scrolled up to read.
	const atBottom = useRef(true);
	useEffect(() => {
		if (list.current && atBottom.current) list.current.scrollTop = list.current.scrollHeight;
	}, [lines]);
	const noteScroll = () => {
		const element = list.current;
		if (element) atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
	};

	return (
		<Stack gap="3" data-testid="project-logs">
			<HStack justify="space-between" wrap="wrap">
				<Heading as="h3" size="sm" id={labelId}>
					{t('projects.logs.title')}
				</Heading>
				{published && (
					<Text fontSize="sm" color="fg.muted" data-testid="logs-state" data-state={follow.state}>
						{t(`projects.logs.state.${follow.state}`)}
					</Text>
				)}
			</HStack>
			{!published ? (
				<Text fontSize="sm" color="fg.muted">
					{t('projects.logs.later')}
				</Text>
			) : (
				<>
					<Box
						as="pre"
						ref={list}
						onScroll={noteScroll}
						role="log"
						aria-labelledby={labelId}
						tabIndex={0}
						maxH="64"
						overflow="auto"
						fontFamily="mono"
						fontSize="xs"
						bg="bg.muted"
						p="3"
						borderRadius="md"
						whiteSpace="pre-wrap"
						wordBreak="break-word"
						data-testid="logs-lines"
					>
						{lines.length === 0 && follow.state !== 'loading' ? t('projects.logs.empty') : lines.map((line, index) => <LogLineView key={index} line={line} />)}
					</Box>
					{follow.state === 'stopped' && (
						<Alert.Root status={follow.error ? 'error' : 'info'} size="sm" data-testid="logs-stopped">
							<Alert.Indicator />
							<Stack gap="2">
								<Alert.Description>{follow.error ?? t('projects.logs.stopped')}</Alert.Description>
								<Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setAttempt((count) => count + 1)}>
									{t('projects.logs.followAgain')}
								</Button>
							</Stack>
						</Alert.Root>
					)}
				</>
			)}
		</Stack>
	);
}

function LogLineView({ line }: { line: string }) {
	const { time, level, message } = readLogLine(line);
	return (
		<Box as="span" display="block" color={level ? LEVEL_COLORS[level] : undefined} data-level={level ?? undefined}>
			{[time, level?.toUpperCase(), message].filter(Boolean).join(' ')}
		</Box>
	);
}
