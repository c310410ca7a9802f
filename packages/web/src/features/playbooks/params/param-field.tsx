import { CheckboxParam } from './checkbox-param';
import { CodeParam } from './code-param';
import { DirectoryParam } from './directory-param';
import { ListParam } from './list-param';
import type { ParamFieldProps } from './param-field-props';
import { ResourceParam } from './resource-param';
import { TextParam } from './text-param';

/** The input for one parameter, chosen by its type; unknown types are edited as text. */
export function ParamField(props: ParamFieldProps) {
  switch (props.param.type) {
    case 'checkbox':
      return <CheckboxParam {...props} />;
    case 'code':
      return <CodeParam {...props} />;
    case 'list':
      return <ListParam {...props} />;
    case 'config':
    case 'component':
    case 'check':
      return <ResourceParam {...props} />;
    case 'team':
    case 'people':
      return <DirectoryParam {...props} />;
    default:
      return <TextParam {...props} />;
  }
}
