import { SWAGGER_DOC } from './swagger-docs';
import { column } from './types';

/** The columns nearly every printer shares, as AddHandlers spells them out each time. */
export const NAME = column('Name', 'string', SWAGGER_DOC.ObjectMeta.name, { format: 'name' });
export const AGE = column('Age', 'string', SWAGGER_DOC.ObjectMeta.creationTimestamp);
export const CONTAINERS = column('Containers', 'string', 'Names of each container in the template.', { priority: 1 });
export const IMAGES = column('Images', 'string', 'Images referenced by each container in the template.', { priority: 1 });
