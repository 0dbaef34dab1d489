import * as authApi from '@dbo/domain/endpoints/auth';
import { isFeatureActive, type FeatureName } from '@dbo/domain/features';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { type Action, canAs } from './permissions';
import { ApiError, getToken, notifyReauthenticated, setToken, setUnauthorizedHandler } from './api';
import { type Answer, call } from './endpoints';

/** The signed-in user as validate_token, sign-in, sign-up and PUT user answer it (the domain's answer schema). */
export type SessionUser = Answer<typeof authApi.validateToken>['user'];

type Status = 'checking' | 'signedIn' | 'signedOut';

interface SessionValue {
  status: Status;
  user: SessionUser | null;
  /** true after any 401: the re-login dialog shows over the current page */
  expired: boolean;
  signIn(email: string, password: string): Promise<SessionUser>;
  acceptToken(token: string, user?: SessionUser): Promise<void>;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
  feature(name: FeatureName): boolean;
  /** may the signed-in role do this (the permission table the server enforces) */
  can(action: Action): boolean;
  dismissExpired(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Waits `ms`, or less when the browser comes back online. */
function untilRetry(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>(getToken() ? 'checking' : 'signedOut');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [expired, setExpired] = useState(false);
  const statusRef = useRef(status);
  statusRef.current = status;

  const clear = useCallback(() => {
    setToken(null);
    setUser(null);
    setExpired(false);
    setStatus('signedOut');
    queryClient.clear();
  }, [queryClient]);

  /** the latest check: an older one still retrying stops when the token changed under it */
  const checking = useRef(0);
  const validate = useCallback(async () => {
    const mine = ++checking.current;
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await call(authApi.validateToken, {}, { quiet401: true });
        if (mine !== checking.current) return;
        setUser(res.user);
        setStatus('signedIn');
        setExpired(false);
        return;
      } catch (err) {
        if (mine !== checking.current) return;
        // Only a token the server refuses signs the user out. A server that did not answer (busy, a
        // restart) or a phone without signal keeps the token and is asked again, sooner when the
        // browser is back online: the driver's screen opens offline on that token, and signing out
        // would lose it and the driver's way back in.
        const refused = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;
        if (refused) {
          clear();
          return;
        }
        await untilRetry(Math.min(500 * attempt, 10_000));
        if (mine !== checking.current || !getToken()) return;
      }
    }
  }, [clear]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (statusRef.current === 'signedIn') setExpired(true);
    });
    if (getToken()) void validate();
  }, [validate]);

  const acceptToken = useCallback(
    async (token: string, u?: SessionUser) => {
      setToken(token);
      if (u) {
        setUser(u);
        setStatus('signedIn');
        setExpired(false);
      } else {
        setStatus('checking');
        await validate();
      }
    },
    [validate],
  );

  const value = useMemo<SessionValue>(
    () => ({
      status,
      user,
      expired,
      async signIn(email, password) {
        const res = await call(authApi.signIn, { body: { email, password } }, { public: true });
        await acceptToken(res.access_token, res.user);
        if (expired) {
          notifyReauthenticated();
          await queryClient.invalidateQueries();
        }
        return res.user;
      },
      acceptToken,
      async signOut() {
        try {
          if (getToken()) await call(authApi.signOut, {}, { quiet401: true });
        } catch {
          // signing out locally is what matters
        }
        clear();
      },
      async refresh() {
        const res = await call(authApi.validateToken, {});
        setUser(res.user);
      },
      feature: (name) => isFeatureActive(user?.company.companyFeatures, name),
      can: (action) => canAs(user?.role, action),
      dismissExpired: () => clear(),
    }),
    [status, user, expired, acceptToken, clear, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
