import {
  type CreateStaffRequest,
  STAFF_PATHS,
  type StaffList,
  type StaffMember,
  type StaffRole,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The staff accounts calls of the back office. */
export const staffApi = {
  async list(): Promise<StaffMember[]> {
    return (await api.admin.get<StaffList>(STAFF_PATHS.list)).data.items;
  },
  async create(request: CreateStaffRequest): Promise<StaffMember> {
    return (await api.admin.post<StaffMember>(STAFF_PATHS.create, request)).data;
  },
  async setRoles(staffId: string, roles: StaffRole[]): Promise<StaffMember> {
    return (await api.admin.put<StaffMember>(STAFF_PATHS.roles(staffId), { roles })).data;
  },
  async disable(staffId: string): Promise<StaffMember> {
    return (await api.admin.post<StaffMember>(STAFF_PATHS.disable(staffId))).data;
  },
  async enable(staffId: string): Promise<StaffMember> {
    return (await api.admin.post<StaffMember>(STAFF_PATHS.enable(staffId))).data;
  },
  async sendPasswordLink(staffId: string): Promise<void> {
    await api.admin.post(STAFF_PATHS.passwordLink(staffId));
  },
  async checkPasswordLink(token: string): Promise<boolean> {
    return (await api.admin.post<{ valid: boolean }>(STAFF_PATHS.checkPasswordLink, { token })).data
      .valid;
  },
  async setPassword(token: string, password: string): Promise<void> {
    await api.admin.post(STAFF_PATHS.setPassword, { token, password });
  },
};

/** The `code` of an API error answer (`VALIDATION_FAILED`, `STAFF_LAST_ADMIN`...), if any. */
export function errorCodeOf(error: unknown): string | null {
  const data = (error as { response?: { data?: { code?: unknown } } } | null)?.response?.data;
  return typeof data?.code === 'string' ? data.code : null;
}
