import { Component, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";

/**
 * Around parts of the page whose code loads on first use (the shell's modals and toasts): if that
 * code cannot be fetched, the page says so and offers a reload instead of going blank (browsers keep
 * a failed module import, so only a reload fetches it again).
 */
export class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="fixed bottom-6 left-1/2 z-50 -translate-x-1/2 rounded-md border border-red-300 bg-white px-4 py-3 text-sm text-red-800 shadow-lg"
      >
        <Trans>Part of the page could not be loaded. Check your connection and reload the page.</Trans>
        <button type="button" className="ml-3 font-semibold underline" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </button>
      </div>
    );
  }
}
