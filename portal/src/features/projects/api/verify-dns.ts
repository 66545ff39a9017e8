import { dnsVerifyResultSchema, type DnsVerifyRequest, type DnsVerifyResult } from '@epic/platform-api';
import { projectsRequest } from './projects-request';

/** `POST /dns-verify`: whether the domain's A record points at the platform. */
export const verifyDns = (body: DnsVerifyRequest): Promise<DnsVerifyResult> => projectsRequest('POST', '/dns-verify', dnsVerifyResultSchema, body);
