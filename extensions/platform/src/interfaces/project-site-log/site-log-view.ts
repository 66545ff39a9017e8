/**
 * The site log on a project's page in Studio: the last lines, then new ones every few seconds
 * (`?after=` the offset the previous read answered), at most the newest 500 kept. Studio's own
 * signed-in API client reads them; a failed read says why and is tried again on the next tick.
 */
import { useApi } from '@directus/extensions-sdk';
import { readLogLine } from '@epic/platform-api';
import { defineComponent, h, onMounted, onUnmounted, ref } from 'vue';

const POLL_MS = 3000;
const KEPT_LINES = 500;

interface LogAnswer {
	data: { lines: string[]; offset: number };
}

function messageOf(error: unknown): string {
	const answer = (error as { response?: { data?: { errors?: { message?: string }[] } } }).response;
	return answer?.data?.errors?.[0]?.message ?? (error as Error).message ?? 'The site log could not be read';
}

export default defineComponent({
	props: {
		primaryKey: { type: [String, Number], default: null },
	},
	setup(props) {
		const api = useApi();
		const lines = ref<string[]>([]);
		const error = ref<string | null>(null);
		const loaded = ref(false);
		let offset: number | undefined;
		let timer: ReturnType<typeof setInterval> | undefined;
		let reading = false;

		async function read(): Promise<void> {
			// A project being created ('+') has no site yet.
			if (props.primaryKey === null || props.primaryKey === '+' || reading) return;
			reading = true;
			try {
				const { data } = await api.get<LogAnswer>(`/projects/${encodeURIComponent(String(props.primaryKey))}/logs`, { params: offset === undefined ? {} : { after: offset } });
				lines.value = [...lines.value, ...data.data.lines].slice(-KEPT_LINES);
				offset = data.data.offset;
				error.value = null;
			} catch (failure) {
				error.value = messageOf(failure);
			} finally {
				reading = false;
				loaded.value = true;
			}
		}

		onMounted(() => {
			void read();
			timer = setInterval(() => void read(), POLL_MS);
		});
		onUnmounted(() => clearInterval(timer));

		return () =>
			h('div', { class: 'project-site-log' }, [
				error.value ? h('p', { role: 'alert', style: 'color: var(--theme--danger); margin-bottom: 8px' }, error.value) : null,
				h(
					'pre',
					{
						role: 'log',
						'aria-label': 'Site log',
						tabindex: 0,
						'data-testid': 'studio-site-log',
						style:
							'max-height: 360px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; font-family: var(--theme--fonts--monospace--font-family); font-size: 13px; padding: 12px; border-radius: var(--theme--border-radius); background: var(--theme--background-subdued);',
					},
					loaded.value && lines.value.length === 0
						? 'No lines yet.'
						: lines.value.map((line) => {
								const read = readLogLine(line);
								return `${read.time ?? ''} ${read.level ? read.level.toUpperCase() : ''} ${read.message}`.trim() + '\n';
							}),
				),
			]);
	},
});
