// User-facing messages (docs/product.md sections 4, 5 and 8). Texts are exact; write them only here.

export const MESSAGES = {
  quote: {
    emailRequired: 'Email is required',
    fillRequired: 'Please fill all the required fields',
    submitted: 'Quote submitted successfully!. We will get to you as soon as possible',
    dialog: 'Your quote request has been submitted successfully!',
    unknownError: 'An unknown error occurred',
    fileTooLarge: 'The file must be at most 10 MB',
    fileExecutable: 'Programs cannot be attached. Send a document, an image or an archive instead.',
    submitting: 'Submitting...',
    submit: 'Submit',
  },
  regionalQuote: {
    missingTitle: 'Missing information',
    missingBody: 'Please fill out all required fields.',
    successTitle: 'Quote Request Submitted',
    successBody: "We've received your request and will contact you soon.",
    errorTitle: 'Error submitting request',
    errorBody: 'Please try again later.',
  },
  contact: {
    fillAll: 'Please fill all the fields',
    submitted: 'Thank you for submitting!. We will get to you as soon as possible',
    somethingWrong: 'Something went wrong',
  },
  career: {
    fileTooLarge: 'File size should be less than 5MB',
    fileSelected: (filename: string) => `File selected: ${filename}`,
    submitted: (email: string) => `Application submitted successfully! We'll contact you at ${email}`,
    dialog: 'Application submitted successfully!',
    localFailure: 'Failed to submit application. Please try again.',
    somethingWrong: 'Something went wrong',
    wrongType: 'The CV must be a PDF, DOC or DOCX file',
  },
  blog: {
    fetchFailed: 'Failed to fetch blogs',
    createFailed: 'Failed to create blog',
    updateFailed: 'Failed to update blog',
    deleteFailed: 'Failed to delete blog',
    deleted: 'Blog Deleted',
    created: 'Blog Created',
    updated: 'Blog Updated',
    noToken: 'Unauthorized: No access token provided',
    imageUploadFailed: 'Image upload failed',
    loading: 'Loading...',
    notFound: 'This blog post does not exist',
    imageMissing: 'Choose an image file to upload',
    imageWrongType: 'The image must be a JPEG, PNG, WebP, GIF or AVIF file',
    imageTooLarge: 'The image must be at most 10 MB',
    revisionsFailed: 'Failed to fetch the revisions',
    restoreFailed: 'Failed to restore the revision',
    restored: 'Revision restored',
    previewFailed: 'Failed to create a preview link',
    imageDimensions:
      'The image is too large in pixels or too long and narrow: at most 50 megapixels, and no side longer than 16,383 pixels once resized',
  },
  auth: {
    registrationFailed: 'Registration failed',
    loginFailed: 'Login failed',
    refreshFailed: 'Failed to refresh token',
    invalidCredentials: 'Invalid email or password',
    emailTaken: 'An account with this email already exists',
    tooManyAttempts: 'Too many failed login attempts. Please wait and try again.',
    pendingNotice:
      'Your account is waiting for approval. An administrator must make you an editor before you can manage the blog.',
    invalidRefreshToken: 'The refresh token is invalid or has expired',
    registered:
      'Your account has been created and is waiting for approval: you can log in now, and an administrator will give you access to the blog.',
    signedInNeedsScript: 'You are logged in. The admin area needs JavaScript: turn it on and reload this page.',
  },
  users: {
    notFound: 'This account does not exist',
    lastAdmin: 'The last admin cannot be removed or demoted. Make another account an admin first.',
  },
  http: {
    badRequest: 'The request is not valid',
    invalidJson: 'The request body is not valid JSON',
    invalidMultipart: 'The upload could not be read',
    unauthorized: 'Authentication is required',
    invalidToken: 'The access token is invalid or has expired',
    forbidden: 'You are not allowed to do this',
    crossSite:
      'This form was sent from another website, so it was refused. Open the form on this site and send it from there.',
    notFound: 'Not found',
    tooLarge: 'The request is too large',
    tooDeep: 'The request nests its data too deeply',
    unsupportedType: 'This file type is not accepted',
    tooManyRequests: 'Too many requests. Please try again later.',
    unavailable: 'The service is temporarily unavailable',
    writesOff: 'The site is moving to a new server: nothing was saved. Please try again in a minute.',
    /** Shown on a public form while it waits to send again (the site answered 503 with Retry-After). */
    stillSending: 'Still sending: the site is busy for a moment. Please keep this page open.',
    internal: 'Something went wrong on our side',
  },
} as const;

/** Shown where a part of a page that loads on demand (the quote form) could not be downloaded. */
export const LOAD_FAILED_MESSAGE = 'This form could not be loaded. Please check your connection and try again.';
