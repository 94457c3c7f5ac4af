import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useAccountT } from '../i18n';

/**
 * The signed-out pages' frame (Login, Onboarding): the product name over one card, full width on
 * phones and of reading width on larger screens. `below` sits under the card (Login's language switch):
 * out of the form's way, and after it in the Tab order, so the first Tab still reaches the phone number.
 */
export function AccountCardLayout({ title, below, children }: { title: string; below?: ReactNode; children: ReactNode }) {
  const t = useAccountT();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        bgcolor: 'background.default',
      }}
    >
      <Typography component="p" variant="h4" color="primary" sx={{ fontWeight: 700, mb: 2 }}>
        {t('brand')}
      </Typography>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
      {below && <Box sx={{ width: '100%', maxWidth: 440, display: 'flex', justifyContent: 'center', mt: 2 }}>{below}</Box>}
    </Box>
  );
}
