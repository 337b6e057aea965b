"use client";

export function ThemeToggle() {
  function toggle() {
    const dark = !document.documentElement.classList.contains("dark");
    document.documentElement.classList.toggle("dark", dark);
    try {
      localStorage.setItem("garnet-theme", dark ? "dark" : "light");
    } catch {
      // storage may be unavailable; the toggle still works for this page
    }
  }
  return (
    <button type="button" onClick={toggle} aria-label="Switch light or dark theme" className="rounded-md border border-stone-300 px-2 py-1 text-xs text-stone-600 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-300 dark:hover:bg-stone-800">
      <span className="dark:hidden">Dark</span>
      <span className="hidden dark:inline">Light</span>
    </button>
  );
}
