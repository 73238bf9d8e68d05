import { useParams } from '@tanstack/react-router';
import { HOME_PATH } from '../../../shared/domain/routes';
import { errors } from '../../../shared/i18n/pt-BR';
import { StatusPage } from './status-page';
import { StorePicker } from './store-picker';

/** The tenant of the address, absent on the tenant-less coming-soon page. */
const useTenant = () => useParams({ strict: false }).tenant;

const homeAction = (tenant: string | undefined) =>
  tenant ? { label: 'Voltar ao início', to: `/${tenant}/${HOME_PATH}` } : undefined;

/** Without a store in the address (the bare `/`), the page asks for it and leads to sign-in. */
export function ComingSoonPage() {
  const tenant = useTenant();
  if (!tenant) {
    return (
      <StatusPage title="Entrar no PedBot" message="Informe a sua loja para entrar.">
        <StorePicker />
      </StatusPage>
    );
  }
  return <StatusPage title="Em breve" message="Estamos preparando esta página. Volte em breve." action={homeAction(tenant)} />;
}

export function NotFoundPage() {
  return (
    <StatusPage
      title="Página não encontrada"
      message="O endereço acessado não existe ou mudou de lugar."
      action={homeAction(useTenant())}
    />
  );
}

export function ServerErrorPage() {
  return (
    <StatusPage
      title="Erro no servidor"
      message="Algo deu errado do nosso lado. Tente novamente em alguns instantes."
      action={homeAction(useTenant())}
    />
  );
}

export function TenantInvalidPage() {
  return (
    <StatusPage
      title={errors.tenantInvalid}
      message="Confira o endereço: a primeira parte dele é o nome da sua loja no PedBot."
    >
      <StorePicker />
    </StatusPage>
  );
}

export function NotAuthorizedPage() {
  return (
    <StatusPage
      title="Acesso não autorizado"
      message="Seu perfil de acesso não permite abrir esta página. Se precisar dela, fale com um administrador."
      action={homeAction(useTenant())}
    />
  );
}
