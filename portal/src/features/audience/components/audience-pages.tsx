import { AUDIENCES } from '../lib/audiences';
import { AudiencePage } from './audience-page';

export const ForBusinessPage = () => <AudiencePage audience={AUDIENCES.business} />;
export const ForAgenciesPage = () => <AudiencePage audience={AUDIENCES.agencies} />;
export const ForPartnersPage = () => <AudiencePage audience={AUDIENCES.partners} />;
