import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStorage, writeStorage } from '../lib/local-storage';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_STORAGE_KEY = 'ops.theme';

interface ThemeState {
  choice: ThemeChoice;
  resolved: 'light' | 'dark';
  setChoice: (choice: ThemeChoice) => void;
}

const ThemeContext = createContext<ThemeState | null>(null);
const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function storedChoice(): ThemeChoice {
  const v = readStorage(THEME_STORAGE_KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

/** Applies a theme to <html> (class 'dark'); also called before React renders to avoid a flash. */
export function applyTheme(resolved: 'light' | 'dark'): void {
  document.documentElement.classList.toggle('dark', resolved === 'dark');
}

/** Resolves the theme that should show now from storage and the OS preference. */
export function initialTheme(): 'light' | 'dark' {
  const choice = storedChoice();
  return choice === 'system' ? (systemDark() ? 'dark' : 'light') : choice;
}

/** Dark mode follows the OS until the user picks light or dark; the pick is persisted. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(storedChoice);
  const [osDark, setOsDark] = useState(systemDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(DARK_QUERY);
    const onChange = (e: MediaQueryListEvent): void => setOsDark(e.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const resolved = choice === 'system' ? (osDark ? 'dark' : 'light') : choice;
  useEffect(() => applyTheme(resolved), [resolved]);

  const setChoice = useCallback((next: ThemeChoice) => {
    writeStorage(THEME_STORAGE_KEY, next === 'system' ? null : next);
    setChoiceState(next);
  }, []);

  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The theme state; throws when used outside <ThemeProvider>, naming the missing provider. */
export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used within ThemeProvider');
  return ctx;
}
