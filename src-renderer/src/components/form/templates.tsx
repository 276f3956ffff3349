/**
 * rjsf templates that make generated forms look like the rest of the app: labels above inputs, the JSON key next to a
 * friendlier title, required marks, descriptions in muted text and errors right under the field.
 */
import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  DescriptionFieldProps,
  FieldErrorProps,
  FieldTemplateProps,
  IconButtonProps,
  MultiSchemaFieldTemplateProps,
  ObjectFieldTemplateProps,
  TemplatesType,
  TitleFieldProps,
  WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';
import { ADDITIONAL_PROPERTY_FLAG, buttonId, canExpand, descriptionId, errorId, getTemplate, getUiOptions, titleId } from '@rjsf/utils';
import { ArrowDown, ArrowUp, Copy, Plus, X } from 'lucide-react';
import { BaseInputTemplate } from './widgets';
// Global class names kept beside the module classes: tests select .fld-key, .fld-errors, .arr-count, .arr-empty,
// .arr-item.
import styles from './templates.module.css';
import formStyles from './form.module.css';

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, registry, uiSchema, rawErrors, fieldPathId, schema } = props;
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, getUiOptions(uiSchema));
  if (hidden) return <div className="hidden">{children}</div>;
  const key = fieldPathId.path[fieldPathId.path.length - 1];
  const showKey = typeof key === 'string' && label && key !== label;
  const hasError = !!rawErrors?.length;
  const isBoolean = schema.type === 'boolean' || (Array.isArray(schema.type) && schema.type[0] === 'boolean');
  // A list item is numbered beside it already: rjsf's "channels-1" label only says it again, less kindly.
  const listItem = typeof key === 'number';
  // A union's input is its chooser, which rjsf ids apart from the field: the label names it, or it has no name.
  const labelFor = schema.oneOf ? `${id}__oneof_select` : schema.anyOf ? `${id}__anyof_select` : id;
  return (
    // eslint-disable-next-line react-hooks/static-components -- getTemplate looks up a component rjsf registered; none is made here
    <WrapIfAdditionalTemplate {...props}>
      <div className={`${formStyles.fld} fld${hasError ? ' has-error' : ''}`}>
        {displayLabel && !isBoolean && (
          <div className={listItem ? `${formStyles.fldLabelRow} sr-only` : `${formStyles.fldLabelRow}`}>
            <label htmlFor={labelFor} className={listItem ? `${styles.fldLabel} sr-only` : `${styles.fldLabel}`}>
              {listItem ? `Item ${key + 1}` : label}
              {required && !listItem && <span className={formStyles.fldRequired} aria-label="required">*</span>}
            </label>
            {showKey && <code className={`${styles.fldKey} fld-key`}>{key}</code>}
          </div>
        )}
        {displayLabel && !isBoolean && description}
        {children}
        {errors}
        {help}
      </div>
    </WrapIfAdditionalTemplate>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, schema, uiSchema, onAddProperty, disabled, readonly, registry, required, optionalDataControl } = props;
  const formData: unknown = props.formData;
  const isRoot = fieldPathId.path.length === 0;
  const { ButtonTemplates: { AddButton } } = registry.templates;
  const isPureUnion = (schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0;
  if (isPureUnion) return null;
  const body = (
    <>
      {properties.map((p) => p.content)}
      {canExpand(schema, uiSchema, formData) && (
        <AddButton id={buttonId(fieldPathId, 'add')} className="rjsf-object-property-expand" onClick={onAddProperty} disabled={disabled || readonly} uiSchema={uiSchema} registry={registry} />
      )}
    </>
  );
  if (isRoot) return <div className={`${formStyles.obj} ${formStyles.objRoot}`} id={fieldPathId.$id}>{body}</div>;
  const key = fieldPathId.path[fieldPathId.path.length - 1];
  const listItem = typeof key === 'number';
  return (
    <fieldset className={listItem ? `${formStyles.obj} ${formStyles.objItem}` : `${formStyles.obj}`} id={fieldPathId.$id}>
      <legend id={titleId(fieldPathId)} className={listItem ? `${formStyles.objLegend} sr-only` : `${formStyles.objLegend}`}>
        <span>
          {listItem ? `Item ${key + 1}` : title || String(key)}
          {required && !listItem && <span className={formStyles.fldRequired} aria-label="required">*</span>}
        </span>
        {typeof key === 'string' && title && title !== key && <code className={`${styles.fldKey} fld-key`}>{key}</code>}
        {optionalDataControl}
      </legend>
      {description && <div className={formStyles.fldDesc} id={descriptionId(fieldPathId)}>{description}</div>}
      <div className={formStyles.objBody}>{body}</div>
    </fieldset>
  );
}

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, fieldPathId, uiSchema, items, onAddClick, disabled, readonly, registry, required, schema, title, optionalDataControl } = props;
  const { ButtonTemplates: { AddButton } } = registry.templates;
  const key = fieldPathId.path[fieldPathId.path.length - 1];
  const shownTitle = title || (key !== undefined ? String(key) : '');
  return (
    <fieldset className={formStyles.arr} id={fieldPathId.$id}>
      <legend id={titleId(fieldPathId)} className={formStyles.objLegend}>
        <span>
          {shownTitle}
          {required && <span className={formStyles.fldRequired} aria-label="required">*</span>}
        </span>
        {typeof key === 'string' && title && title !== key && <code className={`${styles.fldKey} fld-key`}>{key}</code>}
        <span className={`${styles.arrCount} arr-count`}>{items.length} item{items.length === 1 ? '' : 's'}</span>
        {optionalDataControl}
      </legend>
      {schema.description && <div className={formStyles.fldDesc} id={descriptionId(fieldPathId)}>{schema.description}</div>}
      <div className={styles.arrItems}>
        {items.length === 0 && <div className={`${styles.arrEmpty} arr-empty`}>No items yet.</div>}
        {items}
      </div>
      {canAdd && (
        <AddButton id={buttonId(fieldPathId, 'add')} className="rjsf-array-item-add" onClick={onAddClick} disabled={disabled || readonly} uiSchema={uiSchema} registry={registry} />
      )}
    </fieldset>
  );
}

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, registry, uiSchema } = props;
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <div className={`${styles.arrItem} arr-item`}>
      <span className={styles.arrIndex} aria-hidden="true">{index + 1}</span>
      <div className={styles.arrItemBody}>{children}</div>
      {hasToolbar && (
        <div className={styles.arrItemTools}>
          {/* eslint-disable-next-line react-hooks/static-components -- getTemplate looks up a component rjsf registered; none is made here */}
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}

function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return <div id={id} className={formStyles.fldDesc}>{description}</div>;
}

function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <legend id={id} className={formStyles.objLegend}>
      {title}
      {required && <span className={formStyles.fldRequired} aria-label="required">*</span>}
    </legend>
  );
}

function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const list = (errors ?? []).filter(Boolean);
  if (!list.length) return null;
  return (
    // The live region wraps the list: role="alert" on the <ul> itself would leave its <li>s outside any list.
    <div id={errorId(fieldPathId)} className={`${formStyles.fldErrors} fld-errors`} role="alert">
      <ul>
        {list.map((e, i) => <li key={i}>{e}</li>)}
      </ul>
    </div>
  );
}

function MultiSchemaFieldTemplate({ selector, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  return (
    <div className={styles.union}>
      {selector && <div className={styles.unionSelector}>{selector}</div>}
      <div className="union-body">{optionSchemaField}</div>
    </div>
  );
}

function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, children, schema, label, onKeyRenameBlur, onRemoveProperty, disabled, readonly, registry, uiSchema } = props;
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return <>{children}</>;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  return (
    <div className={styles.addl}>
      <div className="addl-key">
        <label className={styles.fldLabel} htmlFor={`${id}-key`}>Key</label>
        <input className="form-control" type="text" id={`${id}-key`} defaultValue={label} onBlur={onKeyRenameBlur} key={label} />
      </div>
      <div className="addl-value">{children}</div>
      <RemoveButton id={buttonId(id, 'remove')} className="addl-remove" disabled={disabled || readonly} onClick={onRemoveProperty} uiSchema={uiSchema} registry={registry} />
    </div>
  );
}

function iconButton(icon: React.ReactNode, label: string, tone = '') {
  return function Btn(props: IconButtonProps) {
    const { iconType: _i, icon: _c, uiSchema: _u, registry: _r, className, ...rest } = props;
    void _i; void _c; void _u; void _r;
    return (
      <button type="button" aria-label={label} title={label} className={`icon-btn icon-btn-sm ${tone} ${className ?? ''}`} {...rest}>
        {icon}
      </button>
    );
  };
}

function AddButton(props: IconButtonProps) {
  const { iconType: _i, icon: _c, uiSchema: _u, registry: _r, className, ...rest } = props;
  void _i; void _c; void _u; void _r;
  // rjsf uses the same button to add a list item and to add a free-form field to an object.
  const field = (className ?? '').includes('object-property-expand');
  return (
    <button type="button" className={`btn btn-ghost btn-sm ${formStyles.addBtn} ${className ?? ''}`} {...rest}>
      <Plus size={13} aria-hidden="true" />
      <span className="btn-label">{field ? 'Add a field' : 'Add item'}</span>
    </button>
  );
}

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  FieldErrorTemplate,
  MultiSchemaFieldTemplate,
  WrapIfAdditionalTemplate,
  BaseInputTemplate,
  ButtonTemplates: {
    AddButton,
    RemoveButton: iconButton(<X size={13} aria-hidden="true" />, 'Remove', 'tone-danger'),
    MoveUpButton: iconButton(<ArrowUp size={13} aria-hidden="true" />, 'Move up'),
    MoveDownButton: iconButton(<ArrowDown size={13} aria-hidden="true" />, 'Move down'),
    CopyButton: iconButton(<Copy size={13} aria-hidden="true" />, 'Duplicate'),
    ClearButton: iconButton(<X size={13} aria-hidden="true" />, 'Clear'),
    SubmitButton: () => null,
  },
};
