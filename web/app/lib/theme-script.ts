// Applies the saved colour theme before the first paint. Inlined into <head> by root.tsx (no
// request, so nothing waits for it); keep in sync with lib/theme.tsx (storage key "theme":
// light | dark | system). Storage can be blocked (privacy mode): light is a fine fallback.
export const THEME_INIT_SCRIPT = `(function(){try{var s=localStorage.getItem("theme"),d=s==="dark"||(s!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches),r=document.documentElement;r.classList.toggle("dark",d);r.style.colorScheme=d?"dark":"light"}catch(e){}})();`;
