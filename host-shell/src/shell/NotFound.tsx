import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { paths } from '@utsav/contracts';
import { useShellT } from '../i18n';
import { PageInteractive } from '../boot/interactive';

export function NotFound() {
  const t = useShellT();
  return (
    <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Typography component="h1" variant="h5">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.body')}</Typography>
      <Button component={RouterLink} to={paths.home()} variant="contained">
        {t('notFound.home')}
      </Button>
      <PageInteractive />
    </Box>
  );
}
