import { securityCopy } from "../../../content/account";
import { deviceClassNames } from "../../../content/account";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { AdminDataView } from "../DataStates";
import { useSignInActivity } from "./queries";

const copy = securityCopy.activity;

/** 'Last signed in: November 23, 2026 at 9:00 AM, on a phone'. */
export function SignInActivity() {
  const activity = useSignInActivity();
  return (
    <AdminDataView query={activity} loading={copy.loading} error={copy.error}>
      {({ lastSignInAt, deviceClass }) =>
        lastSignInAt ? (
          <p className="text-ink">
            <time dateTime={lastSignInAt} className="font-semibold">
              {formatLagosDateTime(lastSignInAt)}
            </time>
            <span className="text-ink-muted">
              {", "}
              {deviceClass ? copy.device(deviceClassNames[deviceClass] ?? deviceClass) : copy.deviceUnknown}
            </span>
          </p>
        ) : (
          <p className="text-ink-muted">{copy.never}</p>
        )
      }
    </AdminDataView>
  );
}
