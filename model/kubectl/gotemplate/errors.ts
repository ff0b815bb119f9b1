/** An error of Go's text/template, in its words ("template: output:1: unclosed action", "template: output:1:2: executing …"). */
export class TemplateError extends Error {}
