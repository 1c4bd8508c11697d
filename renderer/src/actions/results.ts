import type { ActionResult } from '../../../screens/contract/screen.js';
import { handScreen } from '../lib/handed-screen.js';
import type { ActionContext } from './context.js';

/**
 * What the renderer does with each answer of a submit. Field errors belong to the form that
 * asked (it reads the returned result); without a form, their message becomes a snackbar.
 */
export async function handleResult(result: ActionResult, ctx: ActionContext): Promise<void> {
  switch (result.kind) {
    case 'navigate':
      // The session may have changed (login, logout, quota chosen): the next screen is asked fresh,
      // and a modal that led here (e.g. the logoff confirmation) has done its job.
      await ctx.forgetScreens();
      ctx.ui.dismissModal();
      if (result.screen) handScreen(result.to, result.screen);
      ctx.navigate(result.to, { replace: result.replace === true });
      return;
    case 'field-errors':
      if (!ctx.formData && result.message) ctx.ui.showSnackbar(result.message);
      return;
    case 'error':
      ctx.ui.showError({ title: result.title, message: result.message, ...(result.retry ? { retry: ctx.retry } : {}) });
      return;
    case 'snackbar':
      // A modal's answer that only confirms (the evaluation modal's "Agora não") closes the modal.
      ctx.ui.dismissModal();
      ctx.ui.showSnackbar(result.message);
      if (result.to) {
        await ctx.forgetScreens();
        if (result.screen) handScreen(result.to, result.screen);
        ctx.navigate(result.to);
      }
      return;
    case 'modal':
      ctx.ui.showModal(result.modal);
      return;
    case 'replace':
      if (result.node.id) ctx.patch?.replace(result.node.id, result.node);
      return;
  }
}
