export type { BillingPeriod, Plan, PlanPrice } from '@epic/platform-api';
