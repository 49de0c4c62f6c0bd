import type { ApiKeyJson, CreatedApiKeyJson } from "@market/contracts";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoment } from "../../../lib/moment-format";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { toast } from "../../../ui/toast-store";
import { RollEndField } from "../roll-end-field";
import type { RollEnd } from "./key-form";

const at = (iso: string | null) => (iso ? formatMoment(iso) : null);

/** The account's keys: name, scopes, created, last use, expiry, state, and what can be done with each. */
export function KeyTable({ keys, onRolled }: { keys: ApiKeyJson[]; onRolled: (made: CreatedApiKeyJson) => void }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="api-keys">
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("SETTINGS.API.NAME")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("SETTINGS.API.SCOPES")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("SETTINGS.API.CREATED")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("SETTINGS.API.LAST_USED")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("SETTINGS.API.EXPIRES")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("SETTINGS.API.STATE")}
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">{t("SETTINGS.API.ACTIONS")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className="border-t border-slate-100 align-top" data-testid="api-key-row">
              <td className="py-2 pr-3">
                <div className="font-medium">{key.name}</div>
                <div className="font-mono text-xs text-slate-600">{key.prefix}…</div>
              </td>
              <td className="py-2 pr-3">{key.scopes.join(", ")}</td>
              <td className="py-2 pr-3">{at(key.created)}</td>
              <td className="py-2 pr-3">
                {key.lastUsedAt ? `${at(key.lastUsedAt)} (${key.lastUsedIp ?? ""})` : t("SETTINGS.API.NEVER_USED")}
              </td>
              <td className="py-2 pr-3">{at(key.expiresAt) ?? t("SETTINGS.API.NO_EXPIRY")}</td>
              <td className="py-2 pr-3" data-testid="api-key-state">
                {t(`SETTINGS.API.STATES.${key.state}`)}
              </td>
              <td className="py-2">
                {key.state === "active" && (
                  <div className="flex flex-wrap gap-2">
                    <RollKey apiKey={key} onRolled={onRolled} />
                    <RevokeKey apiKey={key} />
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Revoke, after a confirmation: the key stops working at once. */
function RevokeKey({ apiKey }: { apiKey: ApiKeyJson }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const revoke = trpc.keys.revoke.useMutation({
    onSuccess: () => {
      setOpen(false);
      toast.success(t("SETTINGS.API.REVOKED", { name: apiKey.name }));
      void utils.keys.list.invalidate();
    },
    onError: (error) => toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)])),
  });
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" aria-label={t("SETTINGS.API.REVOKE_LABEL", { name: apiKey.name })}>
          {t("SETTINGS.API.REVOKE")}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">
            {t("SETTINGS.API.REVOKE_TITLE", { name: apiKey.name })}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">
            {t("SETTINGS.API.REVOKE_TEXT")}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t("SETTINGS.API.CANCEL")}</Button>
            </AlertDialog.Cancel>
            {/* Not an AlertDialog.Action: the dialog stays open until the key is really revoked. */}
            <Button
              onClick={() => revoke.mutate({ id: apiKey.id })}
              disabled={revoke.isPending}
              aria-busy={revoke.isPending}
            >
              {t("SETTINGS.API.REVOKE_CONFIRM")}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Roll: a new key like this one, the old one ending after the chosen time (a day unless changed). */
function RollKey({ apiKey, onRolled }: { apiKey: ApiKeyJson; onRolled: (made: CreatedApiKeyJson) => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [end, setEnd] = useState<RollEnd>(1_440);
  const roll = trpc.keys.roll.useMutation({
    onSuccess: (made) => {
      setOpen(false);
      onRolled(made);
      void utils.keys.list.invalidate();
    },
    onError: (error) => toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)])),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={t("SETTINGS.API.ROLL_LABEL", { name: apiKey.name })}
      >
        {t("SETTINGS.API.ROLL")}
      </Button>
      <DialogContent title={t("SETTINGS.API.ROLL_TITLE", { name: apiKey.name })}>
        <div className="space-y-4">
          <p className="text-slate-700">{t("SETTINGS.API.ROLL_TEXT")}</p>
          <RollEndField label={t("SETTINGS.API.ROLL_END")} value={end} onChange={setEnd} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("SETTINGS.API.CANCEL")}
            </Button>
            <Button
              onClick={() => roll.mutate({ id: apiKey.id, oldKeyExpiresInMinutes: end })}
              disabled={roll.isPending}
              aria-busy={roll.isPending}
            >
              {t("SETTINGS.API.ROLL_CONFIRM")}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
