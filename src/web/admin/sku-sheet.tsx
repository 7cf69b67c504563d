/**
 * The SKU add/edit sheet: every SKU field (SPEC §3), the image chosen, resized and uploaded, the minimum
 * price in rupees, then a section per language (Hindi, Gujarati) for the name, description, category
 * and brand farmers read in it. Save is enabled exactly when the chart accepts a save; 'Failed to save
 * SKU.' inline in red. A saved SKU's audit trail shows under the form.
 */
import type { EventFrom, SnapshotFrom } from 'xstate';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { sheetSaveOf } from '../../../machines/admin-list';
import { adminSkusMachine, openSku, shownSkuDraft } from '../../../machines/admin-skus.machine';
import {
  isSkuFieldValid,
  SKU_FIELDS,
  skuDraftChanges,
  translatedField,
  translatedFieldParts,
  type BaseSkuField,
  type SkuField,
} from '../../../machines/admin-sku-draft';
import { TRANSLATED_LANGUAGES, TRANSLATED_TEXT_FIELDS, type TranslatedLanguage } from '../../domain/types';
import { SaveButton, SaveTrouble, TextField } from './admin-parts';
import { BottomSheet } from './bottom-sheet';
import { HistoryList } from './history-list';

type Snapshot = SnapshotFrom<typeof adminSkusMachine>;
type Send = (event: EventFrom<typeof adminSkusMachine>) => void;

const LABEL: Record<BaseSkuField | 'image' | 'searchWords', { id: string; defaultMessage: string }> = {
  name: { id: 'admin.skus.field.name', defaultMessage: 'Name' },
  description: { id: 'admin.skus.field.description', defaultMessage: 'Description' },
  categoryName: { id: 'admin.skus.field.categoryName', defaultMessage: 'Category' },
  brandName: { id: 'admin.skus.field.brandName', defaultMessage: 'Brand' },
  availableQty: { id: 'admin.skus.field.availableQty', defaultMessage: 'Available quantity' },
  skuQuantityUnit: { id: 'admin.skus.field.skuQuantityUnit', defaultMessage: 'Quantity unit (e.g. tonne)' },
  minimumPrice: { id: 'admin.skus.field.minimumPrice', defaultMessage: 'Minimum price (₹)' },
  image: { id: 'admin.skus.field.image', defaultMessage: 'Image' },
  searchWords: { id: 'admin.skus.field.searchWords', defaultMessage: 'Search words farmers type' },
};

const LANGUAGE: Record<TranslatedLanguage, { id: string; defaultMessage: string }> = {
  hindi: { id: 'admin.skus.lang.hindi', defaultMessage: 'Hindi' },
  gujrati: { id: 'admin.skus.lang.gujrati', defaultMessage: 'Gujarati' },
};

const HINT: Partial<Record<SkuField, { id: string; defaultMessage: string }>> = {
  availableQty: { id: 'admin.hint.wholeNumber', defaultMessage: 'Enter a whole number.' },
  minimumPrice: { id: 'admin.hint.amount', defaultMessage: 'Enter rupees, e.g. 1250.50.' },
};
const REQUIRED = { id: 'admin.hint.required', defaultMessage: 'This field is needed.' };

/** "Name", or "Name · Hindi" for a translated field. */
function labelOf(intl: IntlShape, field: SkuField | 'image'): string {
  if (!field.includes('.')) return intl.formatMessage(LABEL[field as BaseSkuField | 'image']);
  const parts = translatedFieldParts(field as `${TranslatedLanguage}.name`);
  return `${intl.formatMessage(LABEL[parts.field])} · ${intl.formatMessage(LANGUAGE[parts.language])}`;
}

export function SkuSheet({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const intl = useIntl();
  const sku = openSku(snapshot.context);
  const form = shownSkuDraft(snapshot.context);
  if (!form) return null;
  const editing = snapshot.hasTag('editing');
  const uploading = snapshot.hasTag('uploading');
  const save = sheetSaveOf(snapshot);
  const refused = snapshot.context.refused;
  const changeRows =
    refused && sku
      ? skuDraftChanges(refused, sku).map((change) => ({ key: change.field, label: labelOf(intl, change.field), ...change }))
      : [];

  return (
    <BottomSheet
      titleId="admin-sku-title"
      title={
        sku
          ? intl.formatMessage({ id: 'admin.skus.sheetEdit', defaultMessage: 'Edit {id}' }, { id: sku.skuDisplayId })
          : intl.formatMessage({ id: 'admin.skus.sheetAdd', defaultMessage: 'Add SKU' })
      }
      onClose={snapshot.can({ type: 'sheet.close' }) ? () => send({ type: 'sheet.close' }) : null}
      footer={
        <>
          {editing && !uploading && save === null ? (
            <p className="admin-muted admin-small admin-footer-hint">
              <FormattedMessage id="admin.skus.saveHint" defaultMessage="Fill in every field and choose an image to save." />
            </p>
          ) : null}
          <SaveButton
            block
            saving={snapshot.hasTag('saving')}
            onSave={save && (() => send(save))}
            label={<FormattedMessage id="admin.skus.save" defaultMessage="Save" />}
          />
        </>
      }
    >
      <SaveTrouble
        failed={snapshot.hasTag('saveFailed') ? <FormattedMessage id="admin.skus.saveFailed" defaultMessage="Failed to save SKU." /> : null}
        conflictRows={snapshot.matches({ sheet: 'conflict' }) ? changeRows : null}
        onReapply={() => send({ type: 'draft.reapply' })}
        onStartOver={() => send({ type: 'sheet.edit' })}
      />
      <div className="admin-field admin-image-field">
        <span className="admin-label" id="admin-sku-image-label">
          {labelOf(intl, 'image')}
        </span>
        {form.image ? (
          <img className="admin-preview" src={form.image} alt={form.name} width={96} height={96} />
        ) : (
          <span className="admin-preview admin-preview-empty">
            <FormattedMessage id="admin.skus.noImage" defaultMessage="No image yet" />
          </span>
        )}
        <label className={`shop-button shop-button-outline shop-button-small admin-file${editing && !uploading ? '' : ' is-disabled'}`}>
          <FormattedMessage id="admin.skus.chooseImage" defaultMessage="Choose image" />
          <input
            type="file"
            accept="image/jpeg,image/png"
            className="admin-visually-hidden"
            aria-describedby="admin-sku-image-label"
            disabled={!snapshot.can({ type: 'image.choose', file: new Blob() })}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) send({ type: 'image.choose', file });
            }}
          />
        </label>
        {uploading ? (
          <span role="status" className="admin-muted">
            <FormattedMessage id="admin.skus.uploading" defaultMessage="Uploading image..." />
          </span>
        ) : null}
        {snapshot.hasTag('uploadFailed') ? (
          <span role="alert" className="admin-error-text">
            <FormattedMessage id="admin.skus.uploadFailed" defaultMessage="The image could not be uploaded. Choose a JPG or PNG image." />
          </span>
        ) : null}
      </div>
      {SKU_FIELDS.map((field) => (
        <TextField
          key={field}
          id={`admin-sku-${field}`}
          label={labelOf(intl, field)}
          value={form[field]}
          multiline={field === 'description'}
          inputMode={field === 'availableQty' ? 'numeric' : field === 'minimumPrice' ? 'decimal' : 'text'}
          disabled={!editing}
          invalid={form[field] !== '' && !isSkuFieldValid(field, form[field])}
          hint={<FormattedMessage {...(HINT[field] ?? REQUIRED)} />}
          onChange={(value) => send({ type: 'draft.change', change: { field, value } })}
        />
      ))}
      {TRANSLATED_LANGUAGES.map((language) => (
        <fieldset key={language} className="admin-fieldset">
          <legend>{intl.formatMessage(LANGUAGE[language])}</legend>
          <p className="admin-muted admin-small">
            <FormattedMessage id="admin.skus.translationHint" defaultMessage="Leave a field empty to show the English text there." />
          </p>
          {TRANSLATED_TEXT_FIELDS.map((text) => {
            const field = translatedField(language, text);
            return (
              <TextField
                key={field}
                id={`admin-sku-${language}-${text}`}
                label={labelOf(intl, field)}
                value={form[field]}
                multiline={text === 'description'}
                inputMode="text"
                disabled={!editing}
                invalid={false}
                hint={null}
                onChange={(value) => send({ type: 'draft.change', change: { field, value } })}
              />
            );
          })}
        </fieldset>
      ))}
      {sku ? <HistoryList history={snapshot.context.history} failed={snapshot.context.historyFailed} /> : null}
    </BottomSheet>
  );
}
