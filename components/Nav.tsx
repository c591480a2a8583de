import type { ReactNode } from "react";
import { NAV_ENTRIES, SITE_NAME } from "../domain/site/site.ts";
import type { SessionUser } from "../domain/account/users.ts";
import { buttonClass } from "./ui.ts";
import { LogoutIcon, MenuIcon, MusicNoteIcon, SettingsIcon } from "./icons.tsx";

export interface NavProps {
  user: SessionUser | null;
  /** On the landing page the entries scroll within the page; elsewhere they go back to it. */
  onLanding: boolean;
}

const NAV_LINK =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600";
const ICON_BUTTON =
  "inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600";

/** Staff's daily page (staff-side §5): only admins may open it, so only they are offered it. */
const DASHBOARD_HREF = "/admin/orders";

export function Logo() {
  return (
    <a
      href="/"
      className="flex items-center gap-2 rounded-md font-display text-xl font-extrabold text-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-violet-600 text-white">
        <MusicNoteIcon className="h-5 w-5" />
      </span>
      {SITE_NAME}
    </a>
  );
}

/**
 * The sticky site header. Works without JavaScript: links are plain anchors (CSS does the smooth
 * scrolling) and the mobile menu is a `<details>` disclosure.
 */
export function Nav({ user, onLanding }: NavProps) {
  const sectionHref = (id: string) => (onLanding ? `#${id}` : `/#${id}`);
  return (
    <header className="sticky top-0 z-50 border-b border-violet-100 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo />
        <ul className="hidden items-center gap-1 md:flex">
          {NAV_ENTRIES.map((entry) => (
            <li key={entry.section}>
              <a href={sectionHref(entry.section)} className={NAV_LINK}>{entry.label}</a>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 md:flex">
          <AccountActions user={user} />
        </div>
        <details data-menu="" className="relative md:hidden">
          <summary
            aria-label="Menu"
            className={`${ICON_BUTTON} cursor-pointer`}
          >
            <MenuIcon />
          </summary>
          <div className="absolute right-0 top-12 w-64 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl">
            <ul className="grid gap-1">
              {NAV_ENTRIES.map((entry) => (
                <li key={entry.section}>
                  <a href={sectionHref(entry.section)} className={`${NAV_LINK} block text-base`}>
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
            <div className="mt-3 grid gap-2 border-t border-slate-100 pt-3">
              <MobileAccount user={user} />
            </div>
          </div>
        </details>
      </nav>
    </header>
  );
}

function AccountActions({ user }: { user: SessionUser | null }) {
  if (!user) {
    return <a href="/login" className={buttonClass("primary", "sm")}>Login</a>;
  }
  return (
    <>
      {user.role === "admin" && <a href={DASHBOARD_HREF} className={NAV_LINK}>Dashboard</a>}
      <a href="/my-songs" className={NAV_LINK}>My Songs</a>
      <a href="/order" className={buttonClass("success", "sm")}>Create Song</a>
      {user.isDemo && (
        <button type="button" data-admin-settings="" aria-label="Admin settings" className={ICON_BUTTON}>
          <SettingsIcon />
        </button>
      )}
      <LogoutForm>
        <button type="submit" aria-label="Log out" className={ICON_BUTTON}>
          <LogoutIcon />
        </button>
      </LogoutForm>
    </>
  );
}

function MobileAccount({ user }: { user: SessionUser | null }) {
  if (!user) {
    return <a href="/login" className={`${buttonClass("primary", "sm")} w-full`}>Login</a>;
  }
  return (
    <>
      <p className="flex items-center gap-2 truncate px-3 text-sm text-slate-600">
        <span className="truncate">{user.username}</span>
        {user.isDemo && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
            Demo
          </span>
        )}
      </p>
      {user.role === "admin" && (
        <a href={DASHBOARD_HREF} className={`${NAV_LINK} block text-base`}>Dashboard</a>
      )}
      <a href="/my-songs" className={`${NAV_LINK} block text-base`}>My Songs</a>
      <a href="/order" className={`${buttonClass("success", "sm")} w-full`}>Create Song</a>
      {user.isDemo && (
        <button type="button" data-admin-settings="" className={`${buttonClass("ghost", "sm")} w-full`}>
          <SettingsIcon /> Admin Settings
        </button>
      )}
      <LogoutForm>
        <button type="submit" className={`${buttonClass("ghost", "sm")} w-full`}>
          <LogoutIcon /> Logout
        </button>
      </LogoutForm>
    </>
  );
}

/**
 * Logout is a POST so a link or a prefetch can never sign someone out. `data-logout` lets the
 * client boot clear the token kept in local storage before the form goes.
 */
export function LogoutForm({ children }: { children: ReactNode }) {
  return <form method="post" action="/logout" data-logout="" className="contents">{children}</form>;
}
