import type { FastifyReply } from "fastify";
import { AppError } from "../../errors.ts";
import { translate } from "../../i18n.ts";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import {
  customerDetail,
  deleteAttachments,
  deleteCustomer,
  deleteNote,
  linkAttachment,
  listCustomers,
  listNotes,
  saveCustomer,
  saveNote,
  upcomingAppointments,
} from "./bookService.ts";
import { CSV_FORM_OVERHEAD, CSV_MAX_BYTES, csvTemplate, exportCsv, importCsv, isCsvName } from "./csvImport.ts";
import { measureHistory, orderMeasures, saveOrderMeasures } from "./measureHistory.ts";
import { searchCustomers } from "./service.ts";

/** The signed-in account's own customers (QO-165, issue 24): never another account's. */
export function customerRoutes({ db, config }: RouteContext) {
  const mayImport = (username: string) => config.csvImportAccounts.includes(username);
  return {
    async getCust(req: OperationRequest<"getCust">) {
      const { data, total } = await searchCustomers(db, memberOf(req).memberId, req.query.keywords);
      return { ...ok(req, data), total };
    },

    async listCustomer(req: OperationRequest<"listCustomer">) {
      const { data, total, pages } = await listCustomers(db, memberOf(req).memberId, req.query);
      return { ...ok(req, data), total, pages };
    },

    async getCustomerOne(req: OperationRequest<"getCustomerOne">) {
      return ok(req, await customerDetail(db, memberOf(req).memberId, req.query.id, req.locale));
    },

    async saveCustomer(req: OperationRequest<"saveCustomer">) {
      return ok(req, await saveCustomer(db, memberOf(req).memberId, req.body, req.locale), "customer.saved");
    },

    async deleteCustomer(req: OperationRequest<"deleteCustomer">) {
      await deleteCustomer(db, memberOf(req).memberId, req.query.id);
      return ok(req, null, "customer.deleted");
    },

    async customerImportAllowed(req: OperationRequest<"customerImportAllowed">) {
      return ok(req, { allowed: mayImport(memberOf(req).username) });
    },

    async importOnNlnbu(req: OperationRequest<"importOnNlnbu">) {
      const member = memberOf(req);
      // CUST-008, D-17: only the accounts the configuration names.
      if (!mayImport(member.username)) throw new AppError(1004, "import.notAllowed");
      if (!req.isMultipart()) throw new AppError(1002, "import.missing");
      // A body far past the limit is refused before a byte of it is read (a 50 MB file answers at once).
      if (Number(req.headers["content-length"] ?? 0) > CSV_MAX_BYTES + CSV_FORM_OVERHEAD)
        throw new AppError(1002, "import.tooLarge", { mb: CSV_MAX_BYTES / 1024 / 1024 });
      const part = await req.file({ limits: { fileSize: CSV_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== "file") throw new AppError(1002, "import.missing");
      // CUST-032: by name, before a byte is read.
      if (!isCsvName(part.filename)) {
        part.file.resume();
        throw new AppError(1002, "import.csvOnly");
      }
      const preview = req.query.preview === 1;
      // Read as it streams in (csvImport.ts): the rows kept, never the whole file nor its whole text.
      let report: Awaited<ReturnType<typeof importCsv>>;
      try {
        report = await importCsv(db, member.memberId, part.file, req.locale, preview);
      } catch (error) {
        if (part.file.truncated) throw new AppError(1002, "import.tooLarge", { mb: CSV_MAX_BYTES / 1024 / 1024 });
        throw error;
      }
      if (!preview && report.invalid.length > 0)
        return {
          code: 1002,
          message: translate(req.locale, "import.invalidRows", { count: report.invalid.length }),
          data: report,
        };
      const message = preview
        ? translate(req.locale, "import.preview", { valid: report.valid, invalid: report.invalid.length })
        : translate(req.locale, "import.done", { count: report.imported });
      return { ...ok(req, report), message };
    },

    async customerImportTemplate(req: OperationRequest<"customerImportTemplate">, reply: FastifyReply) {
      return reply
        .header("Content-Disposition", 'attachment; filename="customers-template.csv"')
        .type("text/csv; charset=utf-8")
        .send(csvTemplate(req.locale));
    },

    async exportCustomers(req: OperationRequest<"exportCustomers">, reply: FastifyReply) {
      const body = await exportCsv(db, memberOf(req).memberId, req.locale);
      return reply
        .header("Content-Disposition", `attachment; filename="customers-${new Date().toISOString().slice(0, 10)}.csv"`)
        .type("text/csv; charset=utf-8")
        .send(body);
    },

    async listCustomerNote(req: OperationRequest<"listCustomerNote">) {
      const { data, total, pages } = await listNotes(db, memberOf(req).memberId, req.query);
      return { ...ok(req, data), total, pages };
    },

    async saveCustomerNote(req: OperationRequest<"saveCustomerNote">) {
      return ok(req, await saveNote(db, memberOf(req).memberId, req.body), "note.saved");
    },

    async deleteCustomerNote(req: OperationRequest<"deleteCustomerNote">) {
      await deleteNote(db, memberOf(req).memberId, req.query.id);
      return ok(req, null, "note.deleted");
    },

    async customerAppointments(req: OperationRequest<"customerAppointments">) {
      return ok(req, await upcomingAppointments(db, memberOf(req).memberId, req.query));
    },

    async customerMeasureHistory(req: OperationRequest<"customerMeasureHistory">) {
      return ok(req, await measureHistory(db, memberOf(req).memberId, req.query.customerId, req.locale));
    },

    async customerOrderMeasures(req: OperationRequest<"customerOrderMeasures">) {
      return ok(req, await orderMeasures(db, memberOf(req).memberId, req.query.orderId, req.locale));
    },

    async saveOrderMeasures(req: OperationRequest<"saveOrderMeasures">) {
      return ok(
        req,
        await saveOrderMeasures(db, memberOf(req).memberId, req.body.orderId, req.locale),
        "customer.measuresSaved",
      );
    },

    async saveAttachment(req: OperationRequest<"saveAttachment">) {
      await linkAttachment(db, memberOf(req).memberId, req.body);
      return ok(req, null, "attachment.linked");
    },

    async deleteAttachment(req: OperationRequest<"deleteAttachment">) {
      return ok(req, await deleteAttachments(db, memberOf(req).memberId, req.query.ids), "attachment.deleted");
    },
  };
}
