// The reference server's fault for a step-up answer: a 422 asking for (`required`) or refusing
// (`invalid`) the password check, on the requests `where` names, `times` times.

export const stepUpFault = (
  reason: 'required' | 'invalid',
  times: number,
  where: { method?: string; path: string | RegExp },
) => ({
  ...where,
  status: 422,
  body: {
    message: 'Confirm your password.',
    code: reason === 'required' ? 'password_check_required' : 'password_check_invalid',
    errors: { password_check: ['The password is required.'] },
  },
  times,
});
