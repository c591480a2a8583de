/** The signed-in user as pages and the navigation see it (customer-side §3, authenticated user). */
export type Role = "admin" | "user";

export interface SessionUser {
  username: string;
  isDemo: boolean;
  role: Role;
}
