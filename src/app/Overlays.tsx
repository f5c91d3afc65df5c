import { Suspense, lazy } from "react";
import { useSession } from "../features/session/index.ts";
import { useCalculatorRequested } from "../features/calculator/index.ts";
import { isConfirmingLogout, isLoginOpen } from "../../machines/session/session.selectors.ts";
import { useToasts } from "../ui/toast.ts";
import { LoadBoundary } from "../ui/LoadBoundary.tsx";

// Modals and toasts load on first use, so the home page's first load stays small.
const LoginModal = lazy(() => import("../features/session/LoginModal.tsx").then((m) => ({ default: m.LoginModal })));
const LogoutConfirm = lazy(() =>
  import("../features/session/LogoutConfirm.tsx").then((m) => ({ default: m.LogoutConfirm })),
);
const CalculatorModal = lazy(() =>
  import("../features/calculator/CalculatorModal.tsx").then((m) => ({ default: m.CalculatorModal })),
);
const Toaster = lazy(() => import("../ui/Toaster.tsx").then((m) => ({ default: m.Toaster })));

/** The shell's modals and toasts, each mounted once it is needed and kept afterwards (a failed fetch of their code is said, not fatal). */
export function Overlays() {
  const loginWanted = useSession(isLoginOpen, false);
  const logoutWanted = useSession(isConfirmingLogout, false);
  const calculatorWanted = useCalculatorRequested();
  const toastsWanted = useToasts().length > 0;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        {loginWanted && <LoginModal />}
        {logoutWanted && <LogoutConfirm />}
        {calculatorWanted && <CalculatorModal />}
        {toastsWanted && <Toaster />}
      </Suspense>
    </LoadBoundary>
  );
}
