/** The label rules the views show (domain/labels.ts): the colours, the text colour, the form's checks. */
export {
  ALLOWED_LABEL_COLOURS,
  chipBackground,
  DEFAULT_LABEL_COLOUR,
  firstLabelRefusal,
  labelTextColour,
  MAX_LABEL_LENGTH,
  type LabelRefusal,
} from "../../../domain/labels.ts";
