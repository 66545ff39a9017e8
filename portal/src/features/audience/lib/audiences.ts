/**
 * The three audience pages (/lp/for-business, /lp/for-agencies, /lp/for-partners): the people each
 * speaks to (one tab per persona, with a pain and a gain) and the features it shows. Every persona
 * and feature id names its text under `audience.personas.*` and `audience.features.*`.
 */
import type { IconType } from 'react-icons';
import { LuBriefcase, LuCode, LuCreditCard, LuGlobe, LuKeyRound, LuLayers, LuPencilLine, LuServerOff } from 'react-icons/lu';

export type AudienceId = 'business' | 'agencies' | 'partners';
export type PersonaId = 'hrd' | 'ceo' | 'it' | 'owner' | 'recruiter' | 'consultant' | 'vc';
export type AudienceFeatureId = 'editors' | 'api' | 'isolation' | 'domains' | 'projects' | 'handover' | 'billing' | 'noServers';

export const AUDIENCE_FEATURE_ICONS: Record<AudienceFeatureId, IconType> = {
	editors: LuPencilLine,
	api: LuCode,
	isolation: LuLayers,
	domains: LuGlobe,
	projects: LuBriefcase,
	handover: LuKeyRound,
	billing: LuCreditCard,
	noServers: LuServerOff,
};

export type Audience = { id: AudienceId; personas: readonly PersonaId[]; features: readonly AudienceFeatureId[] };

export const AUDIENCES: Record<AudienceId, Audience> = {
	business: { id: 'business', personas: ['hrd', 'ceo', 'it'], features: ['editors', 'api', 'isolation', 'domains'] },
	agencies: { id: 'agencies', personas: ['owner', 'recruiter'], features: ['projects', 'handover', 'domains', 'billing'] },
	partners: { id: 'partners', personas: ['consultant', 'vc'], features: ['noServers', 'billing', 'isolation', 'api'] },
};
