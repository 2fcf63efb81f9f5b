import { CONFIRM_MODAL_WIDTH } from '@revlane/contracts';
import { Button, Modal } from 'antd';
import { useAppConfig } from '@/common/config';
import { useSession } from '../hooks/use-session';
import { useIdleLogout } from '../hooks/use-idle-logout';

/**
 * docs/product.md §4, §9: after the configured idle time minus the prompt time, 'Session Time out' counts
 * down; 'I'm Still Here' or activity elsewhere resets, 'Log Out' or the end logs out.
 */
export function IdleTimeout() {
  const { idle } = useAppConfig();
  const { logout } = useSession();
  const { isPrompted, secondsLeft, stayActive, promptRef } = useIdleLogout({
    timeoutMinutes: idle.timeoutMinutes,
    promptMinutes: idle.promptMinutes,
    onLogout: () => void logout(),
  });

  return (
    <Modal
      open={isPrompted}
      title="Session Time out"
      width={CONFIRM_MODAL_WIDTH}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      modalRender={(node) => <div ref={promptRef}>{node}</div>}
      footer={[
        <Button key="logout" onClick={() => void logout()}>
          Log Out
        </Button>,
        <Button key="stay" type="primary" onClick={stayActive} autoFocus>
          I&apos;m Still Here
        </Button>,
      ]}
    >
      <p role="timer" aria-live="off">{`Logging you out in ${secondsLeft} second(s).`}</p>
    </Modal>
  );
}
