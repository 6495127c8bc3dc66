/**
 * `/`: signed in, the latest edition (executive summary, top developments, key trends, its articles
 * with covers); signed out, what the service is, the plans and the way in.
 */
import { Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ErrorNotice, Loading } from '../../components/query-state';
import { useSession } from '../../features/auth/api/get-session';
import { usePlans } from '../../features/billing/api/list-plans';
import { useEdition } from '../../features/editions/api/get-edition';
import { EditionView } from '../../features/editions/components/edition-view';

function LatestEdition() {
  const edition = useEdition(undefined);
  if (edition.isPending) return <><PageTitle>Latest edition</PageTitle><Loading /></>;
  if (edition.isError) return <><PageTitle>Latest edition</PageTitle><ErrorNotice error={edition.error} /></>;
  if (!edition.data) return <><PageTitle>Latest edition</PageTitle><Text>No edition has been published yet.</Text></>;
  return (
    <>
      <PageTitle>{`Latest edition: ${edition.data.number}`}</PageTitle>
      <EditionView edition={edition.data} />
    </>
  );
}

function FrontDoor() {
  const plans = usePlans();
  return (
    <Stack maw={880}>
      <PageTitle>Airport-industry intelligence</PageTitle>
      <Text>
        A weekly edition on the airport industry, the searchable archive of every article, a database of airport projects,
        open tenders with their deadlines and the industry calendar — in the browser, over REST, CSV and MCP.
      </Text>
      <Group>
        <Button component={Link} to="/sign-up">Create an account</Button>
        <Button component={Link} to="/sign-in" variant="default">Sign in</Button>
        <Button component="a" href="/docs" variant="subtle">API reference</Button>
      </Group>
      <section aria-labelledby="plans">
        <Title order={2} id="plans" size="h3" mb="sm">Plans</Title>
        {plans.isPending ? <Loading /> : plans.isError ? <ErrorNotice error={plans.error} /> : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
            {plans.data.map((p) => (
              <Card withBorder component="li" key={p.code}>
                <Title order={3} size="h4">{p.name}</Title>
                <List size="sm">{p.features.map((f) => <List.Item key={f}>{f}</List.Item>)}</List>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>
    </Stack>
  );
}

export function Component() {
  const session = useSession();
  if (session.isPending) return <Loading />;
  return session.data?.authenticated ? <LatestEdition /> : <FrontDoor />;
}
