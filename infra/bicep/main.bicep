// memory-service on Azure: PostgreSQL Flexible Server (pgvector), Azure Cache for Redis, Blob
// storage, Event Hubs, Key Vault, optional Azure OpenAI, and Container Apps running the one image
// of the repository (Dockerfile) as memory-api, policy, consolidator, a Celery worker and a
// one-shot migration job. See README.md beside this file and docs/deploy-azure.md.
//
// No secret connection string: Postgres, Blob storage, Event Hubs, Key Vault and Azure OpenAI are
// reached with managed identities (Microsoft Entra ID) and role assignments scoped to what each
// needs, Azure Cache for Redis included. The one secret is memory-api's admin token, in Key Vault.
//
// Resource group scope:
//   az deployment group create -g <rg> -f infra/bicep/main.bicep -p @params.json

targetScope = 'resourceGroup'

// ------------------------------------------------------------------------------------------
// Parameters
// ------------------------------------------------------------------------------------------

@description('Azure region for every resource.')
param location string = resourceGroup().location

@description('Short prefix for resource names (lowercase letters and digits).')
@minLength(3)
@maxLength(12)
param namePrefix string = 'memsvc'

@description('Suffix that makes the globally unique names unique.')
param uniqueSuffix string = uniqueString(resourceGroup().id)

@description('Tags applied to every resource.')
param tags object = {
  app: 'memory-service'
}

@description('Container image built from the repository Dockerfile, e.g. myregistry.azurecr.io/memory-service:0.1.0')
param containerImage string

@description('Login server of the registry holding the image (empty for a public image). Pulled with the managed identity: grant it AcrPull on the registry.')
param registryServer string = ''

// PostgreSQL
@description('PostgreSQL major version (16 or later: the admin can create the BYPASSRLS relay role from 16 on).')
@allowed([
  '16'
  '17'
])
param postgresVersion string = '17'

@description('Compute SKU of the flexible server.')
param postgresSkuName string = 'Standard_D2ds_v5'

@allowed([
  'Burstable'
  'GeneralPurpose'
  'MemoryOptimized'
])
param postgresSkuTier string = 'GeneralPurpose'

@description('Storage in GiB (grows automatically).')
param postgresStorageGb int = 128

@allowed([
  'Disabled'
  'ZoneRedundant'
  'SameZone'
])
param postgresHighAvailability string = 'Disabled'

@secure()
@description('Service admin token of memory-api (MEMORY_ADMIN_TOKEN): provisions tenants through /v1/admin.')
param adminToken string

// Redis
@allowed([
  'Basic'
  'Standard'
  'Premium'
])
param redisSkuName string = 'Standard'

@description('C (Basic/Standard) or P (Premium).')
param redisSkuFamily string = 'C'

param redisCapacity int = 1

// Event Hubs
@allowed([
  'Standard'
  'Premium'
])
param eventHubSku string = 'Standard'

param eventHubCapacity int = 1

@description('Partitions of the change hub. Events are keyed by owner, so one owner stays ordered in one partition. Fixed after creation on Standard.')
@minValue(1)
@maxValue(32)
param eventHubPartitions int = 8

@minValue(1)
@maxValue(7)
param eventHubRetentionDays int = 7

// Storage
@allowed([
  'Standard_LRS'
  'Standard_ZRS'
  'Standard_GRS'
])
param storageSku string = 'Standard_ZRS'

// Azure OpenAI (optional)
@description('Deploy Azure OpenAI and use it for embeddings (MEMORY_EMBEDDER=azure). Off: the local ONNX model in the image is used.')
param deployOpenAI bool = false

param openAiEmbeddingModel string = 'text-embedding-3-small'
param openAiEmbeddingModelVersion string = '1'
param openAiEmbeddingCapacity int = 120

@description('Embedding dimension; must match the vector(384) columns of the schema (text-embedding-3-* can shorten to it).')
param embeddingDim int = 384

// Container Apps
param apiMinReplicas int = 1
param apiMaxReplicas int = 10
param consolidatorReplicas int = 1

@description('Log level of the services (MEMORY_LOG_LEVEL / POLICY_LOG_LEVEL).')
param logLevel string = 'INFO'

@description('OTLP/HTTP collector the services export traces to (MEMORY_OTLP_ENDPOINT); empty: no export.')
param otlpEndpoint string = ''

@description('Share of traces sampled at their root (MEMORY_TRACE_SAMPLE_RATIO).')
param traceSampleRatio string = '0.1'

// ------------------------------------------------------------------------------------------
// Names and constants
// ------------------------------------------------------------------------------------------

var base = toLower(namePrefix)
var suffix = take(toLower(uniqueSuffix), 8)
var names = {
  logs: '${base}-logs'
  identity: '${base}-id'
  relayIdentity: '${base}-relay-id'
  migrateIdentity: '${base}-migrate-id'
  keyVault: take('${base}kv${suffix}', 24)
  postgres: '${base}-pg-${suffix}'
  redis: '${base}-redis-${suffix}'
  storage: take('${base}st${suffix}', 24)
  eventHubs: '${base}-eh-${suffix}'
  openAi: '${base}-aoai-${suffix}'
  environment: '${base}-env'
  api: '${base}-api'
  policy: '${base}-policy'
  consolidator: '${base}-consolidator'
  worker: '${base}-worker'
  migrate: '${base}-migrate'
}

var databaseName = 'memory'
var blobContainerName = 'memory'
var checkpointContainerName = 'eventhub-checkpoints'
var deadletterContainerName = 'eventhub-deadletters'
var eventHubName = 'memory-changes'
var consumerGroupName = 'consolidator'
// The consolidator's consumers (CONSOLIDATOR_CONSUMERS); each reads through its own consumer group
// '<CONSOLIDATOR_CONSUMER_GROUP>.<consumer>' (consolidator/runtime.py), which must exist: the
// identity may receive, not create groups.
var consolidatorConsumers = [
  'promotion'
  'supersession'
  'session_summary'
  'derived'
]
// memory-api's model extractor reads through this group (memory_api.model_extraction.GROUP).
var modelExtractionGroupName = 'memory-api.model_extraction'

// Built-in role definition ids.
var roles = {
  keyVaultCryptoUser: '12338af0-0e69-4776-bea7-57ae8d297424'
  keyVaultSecretsUser: '4633458b-17de-408a-b874-0445c86b69e6'
  storageBlobDataContributor: 'ba92f5b4-2d11-453d-a403-e96b0029c9fe'
  storageBlobDelegator: 'db58b8e5-c6ad-4a2a-8342-4190687cbf4a'
  eventHubsDataSender: '2b629674-e913-4c01-ae53-ef4638d8f975'
  eventHubsDataReceiver: 'a638d3c7-ab3a-418d-83e6-5f17a39d4fde'
  cognitiveServicesOpenAIUser: '5e0bd9bd-7b93-4f28-af87-19fc36ad61bd'
}

// ------------------------------------------------------------------------------------------
// Monitoring and identity
// ------------------------------------------------------------------------------------------

resource logs 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {
  name: names.logs
  location: location
  tags: tags
  properties: {
    sku: {
      name: 'PerGB2018'
    }
    retentionInDays: 30
  }
}

// The services' identity (memory-api, consolidator, worker): Postgres role memory_app (RLS applies),
// Key Vault key and two secrets, the three blob containers, the change hub, Azure OpenAI, AcrPull.
resource identity 'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31' = {
  name: names.identity
  location: location
  tags: tags
}

// The outbox relay's identity (consolidator, worker): Postgres role memory_relay (BYPASSRLS on the
// outbox only) and nothing in Azure. Kept apart so that memory_app's identity cannot bypass RLS.
resource relayIdentity 'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31' = {
  name: names.relayIdentity
  location: location
  tags: tags
}

// The migrate job's identity: Microsoft Entra administrator of the Postgres server (creates the
// roles, maps the two identities above to memory_app and memory_relay, runs the migrations as
// memory_owner). No Azure role.
resource migrateIdentity 'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31' = {
  name: names.migrateIdentity
  location: location
  tags: tags
}

// ------------------------------------------------------------------------------------------
// Key Vault: the key-encryption key (field-level PII envelopes) and the admin token
// ------------------------------------------------------------------------------------------

resource keyVault 'Microsoft.KeyVault/vaults@2023-07-01' = {
  name: names.keyVault
  location: location
  tags: tags
  properties: {
    tenantId: subscription().tenantId
    sku: {
      family: 'A'
      name: 'standard'
    }
    enableRbacAuthorization: true
    enableSoftDelete: true
    softDeleteRetentionInDays: 90
    enablePurgeProtection: true
    publicNetworkAccess: 'Enabled'
  }
}

// Wraps and unwraps the per-record AES-GCM data keys; rotated yearly (old versions keep
// unwrapping, new envelopes use the newest version).
resource kek 'Microsoft.KeyVault/vaults/keys@2023-07-01' = {
  parent: keyVault
  name: 'memory-kek'
  properties: {
    kty: 'RSA'
    keySize: 3072
    keyOps: [
      'wrapKey'
      'unwrapKey'
    ]
    rotationPolicy: {
      attributes: {
        expiryTime: 'P2Y'
      }
      lifetimeActions: [
        {
          trigger: {
            timeAfterCreate: 'P1Y'
          }
          action: {
            type: 'rotate'
          }
        }
        {
          trigger: {
            timeBeforeExpiry: 'P30D'
          }
          action: {
            type: 'notify'
          }
        }
      ]
    }
  }
}

var pgHost = postgres.properties.fullyQualifiedDomainName

resource secretAdminToken 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'admin-token'
  properties: {
    value: adminToken
  }
}

// ------------------------------------------------------------------------------------------
// PostgreSQL Flexible Server with pgvector
// ------------------------------------------------------------------------------------------

resource postgres 'Microsoft.DBforPostgreSQL/flexibleServers@2024-08-01' = {
  name: names.postgres
  location: location
  tags: tags
  sku: {
    name: postgresSkuName
    tier: postgresSkuTier
  }
  properties: {
    version: postgresVersion
    // Microsoft Entra ID only: no password exists for any role, the admin included.
    authConfig: {
      passwordAuth: 'Disabled'
      activeDirectoryAuth: 'Enabled'
      tenantId: subscription().tenantId
    }
    storage: {
      storageSizeGB: postgresStorageGb
      autoGrow: 'Enabled'
    }
    backup: {
      backupRetentionDays: 14
      geoRedundantBackup: 'Disabled'
    }
    highAvailability: {
      mode: postgresHighAvailability
    }
    network: {
      publicNetworkAccess: 'Enabled'
    }
  }
}

// CREATE EXTENSION works only for allow-listed extensions.
resource pgExtensions 'Microsoft.DBforPostgreSQL/flexibleServers/configurations@2024-08-01' = {
  parent: postgres
  name: 'azure.extensions'
  properties: {
    value: 'VECTOR,PG_TRGM,UNACCENT,BTREE_GIN'
    source: 'user-override'
  }
}

// Young tables get fresh planner statistics within seconds, not after a one-minute nap (the same
// setting as the embedded stack: memcore/devstack/postgres.py, AUTOVACUUM_NAPTIME).
resource pgAutovacuumNaptime 'Microsoft.DBforPostgreSQL/flexibleServers/configurations@2024-08-01' = {
  parent: postgres
  name: 'autovacuum_naptime'
  properties: {
    value: '5'
    source: 'user-override'
  }
  dependsOn: [pgExtensions]
}

// No database resource: the migrate job creates `memory` owned by memory_owner (a database made
// here would be owned by a platform role the Entra administrator cannot hand over).

// The migrate job's identity is the server's Entra administrator (a member of azure_pg_admin, as
// the password admin would be). Server operations run one at a time: chained after the settings.
resource pgEntraAdmin 'Microsoft.DBforPostgreSQL/flexibleServers/administrators@2024-08-01' = {
  parent: postgres
  name: migrateIdentity.properties.principalId
  properties: {
    principalType: 'ServicePrincipal'
    principalName: migrateIdentity.name
    tenantId: subscription().tenantId
  }
  dependsOn: [
    pgAutovacuumNaptime
  ]
}

// Azure services only (Container Apps on the consumption plan have no fixed outbound address).
// Production: VNet-integrated environment + private access instead.
resource pgFirewallAzure 'Microsoft.DBforPostgreSQL/flexibleServers/firewallRules@2024-08-01' = {
  parent: postgres
  name: 'AllowAzureServices'
  properties: {
    startIpAddress: '0.0.0.0'
    endIpAddress: '0.0.0.0'
  }
  dependsOn: [
    pgEntraAdmin
  ]
}

// ------------------------------------------------------------------------------------------
// Azure Cache for Redis: hot session memory and the Celery broker
// ------------------------------------------------------------------------------------------

resource redis 'Microsoft.Cache/redis@2024-11-01' = {
  name: names.redis
  location: location
  tags: tags
  properties: {
    sku: {
      name: redisSkuName
      family: redisSkuFamily
      capacity: redisCapacity
    }
    enableNonSslPort: false
    minimumTlsVersion: '1.2'
    publicNetworkAccess: 'Enabled'
    // Microsoft Entra ID only: the access keys do not work (MEMORY_REDIS_ENTRA_AUTH=1 in the apps)
    disableAccessKeyAuthentication: true
    redisConfiguration: {
      'aad-enabled': 'true'
      // the Celery queue must not be evicted; session keys carry their own TTL
      'maxmemory-policy': 'noeviction'
    }
  }
}

// The services' identity logs in with its object id and a token (memcore/adapters/redis_auth.py).
// Data Contributor: read and write every key, no admin or dangerous commands.
resource redisAccess 'Microsoft.Cache/redis/accessPolicyAssignments@2024-11-01' = {
  parent: redis
  name: 'memory-services'
  properties: {
    accessPolicyName: 'Data Contributor'
    objectId: identity.properties.principalId
    objectIdAlias: identity.name
  }
}

// ------------------------------------------------------------------------------------------
// Storage: documents and exports, Event Hubs checkpoints
// ------------------------------------------------------------------------------------------

resource storage 'Microsoft.Storage/storageAccounts@2023-05-01' = {
  name: names.storage
  location: location
  tags: tags
  kind: 'StorageV2'
  sku: {
    name: storageSku
  }
  properties: {
    accessTier: 'Hot'
    allowBlobPublicAccess: false
    allowSharedKeyAccess: false // Entra ID only: no account key reaches any service
    defaultToOAuthAuthentication: true
    minimumTlsVersion: 'TLS1_2'
    supportsHttpsTrafficOnly: true
  }
}

resource blobService 'Microsoft.Storage/storageAccounts/blobServices@2023-05-01' = {
  parent: storage
  name: 'default'
  properties: {
    deleteRetentionPolicy: {
      // short: a forgotten document must not linger in soft delete for long
      enabled: true
      days: 1
    }
  }
}

resource blobContainer 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = {
  parent: blobService
  name: blobContainerName
  properties: {
    publicAccess: 'None'
  }
}

resource checkpointContainer 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = {
  parent: blobService
  name: checkpointContainerName
  properties: {
    publicAccess: 'None'
  }
}

// Events that failed max_attempts times (memcore/adapters/bus/eventhubs.py); the services' role is
// scoped to the containers, so the code cannot create it: the template does.
resource deadletterContainer 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = {
  parent: blobService
  name: deadletterContainerName
  properties: {
    publicAccess: 'None'
  }
}

// ------------------------------------------------------------------------------------------
// Event Hubs: the change stream (outbox relay -> consolidator)
// ------------------------------------------------------------------------------------------

resource eventHubs 'Microsoft.EventHub/namespaces@2024-01-01' = {
  name: names.eventHubs
  location: location
  tags: tags
  sku: {
    name: eventHubSku
    tier: eventHubSku
    capacity: eventHubCapacity
  }
  properties: {
    disableLocalAuth: true // no SAS keys: the roles below are the only way in
    minimumTlsVersion: '1.2'
  }
}

resource changeHub 'Microsoft.EventHub/namespaces/eventhubs@2024-01-01' = {
  parent: eventHubs
  name: eventHubName
  properties: {
    partitionCount: eventHubPartitions
    messageRetentionInDays: eventHubRetentionDays
  }
}

resource consumerGroups 'Microsoft.EventHub/namespaces/eventhubs/consumergroups@2024-01-01' = [for consumer in consolidatorConsumers: {
  parent: changeHub
  name: '${consumerGroupName}.${consumer}'
  properties: {
    userMetadata: 'consolidator consumer ${consumer}'
  }
}]

// memory-api's model extractor (memory_api/model_extraction.py, GROUP) reads the change stream through
// a group of its own; it runs only when AZURE_OPENAI_EXTRACTOR_DEPLOYMENT is set, the group is cheap.
resource modelExtractionGroup 'Microsoft.EventHub/namespaces/eventhubs/consumergroups@2024-01-01' = {
  parent: changeHub
  name: modelExtractionGroupName
  properties: {
    userMetadata: 'memory-api model extractor'
  }
}

// ------------------------------------------------------------------------------------------
// Azure OpenAI (optional)
// ------------------------------------------------------------------------------------------

resource openAi 'Microsoft.CognitiveServices/accounts@2024-10-01' = if (deployOpenAI) {
  name: names.openAi
  location: location
  tags: tags
  kind: 'OpenAI'
  sku: {
    name: 'S0'
  }
  properties: {
    customSubDomainName: names.openAi
    disableLocalAuth: true
    publicNetworkAccess: 'Enabled'
  }
}

resource embeddingDeployment 'Microsoft.CognitiveServices/accounts/deployments@2024-10-01' = if (deployOpenAI) {
  parent: openAi
  name: openAiEmbeddingModel
  sku: {
    name: 'Standard'
    capacity: openAiEmbeddingCapacity
  }
  properties: {
    model: {
      format: 'OpenAI'
      name: openAiEmbeddingModel
      version: openAiEmbeddingModelVersion
    }
  }
}

// ------------------------------------------------------------------------------------------
// Role assignments: the services' identity, each on the narrowest scope that works
// ------------------------------------------------------------------------------------------

// Key Vault Crypto User on the key-encryption key only (get, wrapKey, unwrapKey of memory-kek).
resource raKeyVaultCrypto 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(kek.id, identity.id, roles.keyVaultCryptoUser)
  scope: kek
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.keyVaultCryptoUser)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

// Key Vault Secrets User on the one secret the apps reference (memory-api's), not on the vault.
resource raSecretAdminToken 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(secretAdminToken.id, identity.id, roles.keyVaultSecretsUser)
  scope: secretAdminToken
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.keyVaultSecretsUser)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

// Storage Blob Data Contributor on the three containers the code uses, not on the account.
resource raBlobDocuments 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(blobContainer.id, identity.id, roles.storageBlobDataContributor)
  scope: blobContainer
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.storageBlobDataContributor)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

resource raBlobCheckpoints 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(checkpointContainer.id, identity.id, roles.storageBlobDataContributor)
  scope: checkpointContainer
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.storageBlobDataContributor)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

resource raBlobDeadletters 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(deadletterContainer.id, identity.id, roles.storageBlobDataContributor)
  scope: deadletterContainer
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.storageBlobDataContributor)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

// Storage Blob Delegator on the account: the one action of getting a user delegation key, which
// Azure grants only at account level. memory-api signs its expiring read-only export links with it
// (memcore/adapters/blob_store.py); what a link can read is still bounded by the container role.
resource raBlobDelegator 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(storage.id, identity.id, roles.storageBlobDelegator)
  scope: storage
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.storageBlobDelegator)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

// Azure Event Hubs Data Sender / Data Receiver on the change hub, not on the namespace. The relay
// (consolidator, worker) sends; the consumers receive; memory-api only reads the hub's properties
// (readiness of a forget), which either role allows.
resource raEventHubSender 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(changeHub.id, identity.id, roles.eventHubsDataSender)
  scope: changeHub
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.eventHubsDataSender)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

resource raEventHubReceiver 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(changeHub.id, identity.id, roles.eventHubsDataReceiver)
  scope: changeHub
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.eventHubsDataReceiver)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

// Cognitive Services OpenAI User on the one account: inference only, no management, no keys.
resource raOpenAi 'Microsoft.Authorization/roleAssignments@2022-04-01' = if (deployOpenAI) {
  name: guid(resourceGroup().id, names.openAi, identity.id, roles.cognitiveServicesOpenAIUser)
  scope: openAi
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.cognitiveServicesOpenAIUser)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

// ------------------------------------------------------------------------------------------
// Container Apps
// ------------------------------------------------------------------------------------------

resource containerEnv 'Microsoft.App/managedEnvironments@2024-03-01' = {
  name: names.environment
  location: location
  tags: tags
  properties: {
    appLogsConfiguration: {
      destination: 'log-analytics'
      logAnalyticsConfiguration: {
        customerId: logs.properties.customerId
        sharedKey: logs.listKeys().primarySharedKey
      }
    }
  }
}

var identityRef = {
  type: 'UserAssigned'
  userAssignedIdentities: {
    '${identity.id}': {}
  }
}

// consolidator and worker: the services' identity (AZURE_CLIENT_ID) and the relay's
// (MEMORY_RELAY_AZURE_CLIENT_ID, used only for the memory_relay Postgres login)
var identityRefWithRelay = {
  type: 'UserAssigned'
  userAssignedIdentities: {
    '${identity.id}': {}
    '${relayIdentity.id}': {}
  }
}

// migrate job: its own identity (AZURE_CLIENT_ID), and the services' for the registry pull
var identityRefMigrate = {
  type: 'UserAssigned'
  userAssignedIdentities: {
    '${migrateIdentity.id}': {}
    '${identity.id}': {}
  }
}

var registries = empty(registryServer) ? [] : [
  {
    server: registryServer
    identity: identity.id
  }
]

// The one secret, a Key Vault reference read with the managed identity: memory-api's admin token.
var apiSecrets = [
  {
    name: 'admin-token'
    keyVaultUrl: secretAdminToken.properties.secretUri
    identity: identity.id
  }
]

// Postgres URLs without a password: the token of the identity is the password of each connection
// (MEMORY_PG_ENTRA_AUTH=1, memcore/adapters/postgres.py).
var pgUrl = 'postgresql://{0}@${pgHost}:5432/{1}?sslmode=require'

var openAiEnv = deployOpenAI ? [
  {
    name: 'MEMORY_EMBEDDER'
    value: 'azure'
  }
  {
    name: 'AZURE_OPENAI_ENDPOINT'
    value: openAi.properties.endpoint
  }
  {
    name: 'AZURE_OPENAI_EMBEDDING_DEPLOYMENT'
    value: embeddingDeployment.name
  }
  {
    name: 'AZURE_OPENAI_EMBEDDING_DIM'
    value: string(embeddingDim)
  }
] : [
  {
    name: 'MEMORY_EMBEDDER'
    value: 'local'
  }
]

// Traces of every service (memcore/telemetry/tracing.py).
var telemetryEnv = [
  {
    name: 'MEMORY_OTLP_ENDPOINT'
    value: otlpEndpoint
  }
  {
    name: 'MEMORY_TRACE_SAMPLE_RATIO'
    value: traceSampleRatio
  }
]

// Environment shared by memory-api, the consolidator and the worker (names from
// services/shared/memcore/settings.py and services/consolidator/consolidator/settings.py; the test
// tests/unit/test_bicep_settings.py derives what each service reads and checks it is here).
var commonEnv = concat([
  {
    name: 'MEMORY_APP_DATABASE_URL'
    value: format(pgUrl, 'memory_app', databaseName)
  }
  {
    name: 'MEMORY_PG_ENTRA_AUTH'
    value: '1'
  }
  {
    // no password in it: MEMORY_REDIS_ENTRA_AUTH (memcore/adapters/redis_auth.py)
    name: 'REDIS_URL'
    value: 'rediss://${redis.properties.hostName}:${redis.properties.sslPort}/0'
  }
  {
    name: 'MEMORY_REDIS_ENTRA_AUTH'
    value: '1'
  }
  {
    name: 'MEMORY_BLOB_ACCOUNT_URL'
    value: storage.properties.primaryEndpoints.blob
  }
  {
    name: 'MEMORY_BLOB_CONTAINER'
    value: blobContainerName
  }
  {
    name: 'MEMORY_POLICY_URL'
    value: 'https://${policyApp.properties.configuration.ingress.fqdn}'
  }
  {
    name: 'MEMORY_BUS'
    value: 'eventhubs'
  }
  {
    name: 'EVENTHUB_FULLY_QUALIFIED_NAMESPACE'
    value: '${eventHubs.name}.servicebus.windows.net'
  }
  {
    name: 'EVENTHUB_NAME'
    value: changeHub.name
  }
  {
    name: 'CONSOLIDATOR_CONSUMER_GROUP'
    value: consumerGroupName
  }
  {
    name: 'CONSOLIDATOR_CHECKPOINT_CONTAINER'
    value: checkpointContainer.name
  }
  {
    // envelope encryption of sensitive originals: the KEK wraps per-value data keys in the vault
    name: 'MEMORY_KEYVAULT_URL'
    value: keyVault.properties.vaultUri
  }
  {
    name: 'MEMORY_KEYVAULT_KEY'
    value: kek.name
  }
  {
    name: 'MEMORY_LOG_LEVEL'
    value: logLevel
  }
  {
    // DefaultAzureCredential picks the user-assigned identity by its client id
    name: 'AZURE_CLIENT_ID'
    value: identity.properties.clientId
  }
], openAiEnv, telemetryEnv)

// The consolidator's and the worker's outbox relay: its own role and identity.
var relayEnv = [
  {
    name: 'MEMORY_RELAY_DATABASE_URL'
    value: format(pgUrl, 'memory_relay', databaseName)
  }
  {
    name: 'MEMORY_RELAY_AZURE_CLIENT_ID'
    value: relayIdentity.properties.clientId
  }
]

// The policy service is stateless: no database, Redis or blob access.
resource policyApp 'Microsoft.App/containerApps@2024-03-01' = {
  name: names.policy
  location: location
  tags: tags
  identity: identityRef
  properties: {
    managedEnvironmentId: containerEnv.id
    configuration: {
      activeRevisionsMode: 'Single'
      registries: registries
      ingress: {
        external: false
        targetPort: 8081
        transport: 'auto'
      }
    }
    template: {
      containers: [
        {
          name: 'policy'
          image: containerImage
          command: [
            'uvicorn'
          ]
          args: [
            'policy_service.app:app'
            '--host'
            '0.0.0.0'
            '--port'
            '8081'
            '--no-access-log'
          ]
          env: concat([
            {
              name: 'POLICY_LOG_LEVEL'
              value: logLevel
            }
          ], telemetryEnv)
          resources: {
            cpu: json('1.0')
            memory: '2Gi'
          }
          probes: [
            {
              type: 'Liveness'
              httpGet: {
                path: '/healthz'
                port: 8081
              }
              periodSeconds: 10
            }
            {
              type: 'Readiness'
              httpGet: {
                path: '/readyz'
                port: 8081
              }
              periodSeconds: 5
            }
          ]
        }
      ]
      scale: {
        minReplicas: apiMinReplicas
        maxReplicas: apiMaxReplicas
        rules: [
          {
            name: 'http'
            http: {
              metadata: {
                concurrentRequests: '50'
              }
            }
          }
        ]
      }
    }
  }
}

resource apiApp 'Microsoft.App/containerApps@2024-03-01' = {
  name: names.api
  location: location
  tags: tags
  identity: identityRef
  properties: {
    managedEnvironmentId: containerEnv.id
    configuration: {
      activeRevisionsMode: 'Single'
      registries: registries
      secrets: apiSecrets
      ingress: {
        external: true
        targetPort: 8080
        transport: 'auto'
        allowInsecure: false
      }
    }
    template: {
      containers: [
        {
          name: 'memory-api'
          image: containerImage
          command: [
            'uvicorn'
          ]
          args: [
            'memory_api.app:app'
            '--host'
            '0.0.0.0'
            '--port'
            '8080'
            '--no-access-log'
          ]
          env: concat(commonEnv, [
            {
              name: 'MEMORY_ADMIN_TOKEN'
              secretRef: 'admin-token'
            }
            {
              // TLS ends at the Container Apps ingress: the app sees http, the browser https
              name: 'MEMORY_PORTAL_SECURE_COOKIE'
              value: 'true'
            }
          ])
          resources: {
            cpu: json('1.0')
            memory: '2Gi'
          }
          probes: [
            {
              type: 'Liveness'
              httpGet: {
                path: '/healthz'
                port: 8080
              }
              periodSeconds: 10
            }
            {
              type: 'Readiness'
              httpGet: {
                path: '/readyz'
                port: 8080
              }
              periodSeconds: 5
            }
          ]
        }
      ]
      scale: {
        minReplicas: apiMinReplicas
        maxReplicas: apiMaxReplicas
        rules: [
          {
            name: 'http'
            http: {
              metadata: {
                concurrentRequests: '50'
              }
            }
          }
        ]
      }
    }
  }
  dependsOn: [
    redisAccess
    raSecretAdminToken
    raKeyVaultCrypto
    raBlobDocuments
    raBlobCheckpoints
    raBlobDeadletters
    raBlobDelegator
    raEventHubSender
    raEventHubReceiver
  ]
}

// API, outbox relay and Event Hubs consumer. The consumer's partition ownership and checkpoints
// live in the checkpoint container, so replicas share the partitions.
resource consolidatorApp 'Microsoft.App/containerApps@2024-03-01' = {
  name: names.consolidator
  location: location
  tags: tags
  identity: identityRefWithRelay
  properties: {
    managedEnvironmentId: containerEnv.id
    configuration: {
      activeRevisionsMode: 'Single'
      registries: registries
      ingress: {
        external: false
        targetPort: 8082
        transport: 'auto'
      }
    }
    template: {
      containers: [
        {
          name: 'consolidator'
          image: containerImage
          command: [
            'uvicorn'
          ]
          args: [
            'consolidator.app:app'
            '--host'
            '0.0.0.0'
            '--port'
            '8082'
            '--no-access-log'
          ]
          env: concat(commonEnv, relayEnv, [
            {
              name: 'CONSOLIDATOR_RUN_RELAY'
              value: 'true'
            }
            {
              name: 'CONSOLIDATOR_CONSUMERS'
              value: join(consolidatorConsumers, ',')
            }
          ])
          resources: {
            cpu: json('1.0')
            memory: '2Gi'
          }
          probes: [
            {
              type: 'Liveness'
              httpGet: {
                path: '/healthz'
                port: 8082
              }
              periodSeconds: 10
            }
          ]
        }
      ]
      scale: {
        minReplicas: consolidatorReplicas
        maxReplicas: consolidatorReplicas
      }
    }
  }
  dependsOn: [
    redisAccess
    raKeyVaultCrypto
    raBlobDocuments
    raBlobCheckpoints
    raBlobDeadletters
    raEventHubSender
    raEventHubReceiver
  ]
}

// Celery worker with embedded beat: exactly one replica (beat must not run twice).
resource workerApp 'Microsoft.App/containerApps@2024-03-01' = {
  name: names.worker
  location: location
  tags: tags
  identity: identityRefWithRelay
  properties: {
    managedEnvironmentId: containerEnv.id
    configuration: {
      activeRevisionsMode: 'Single'
      registries: registries
    }
    template: {
      containers: [
        {
          name: 'worker'
          image: containerImage
          command: [
            'celery'
          ]
          args: [
            '-A'
            'consolidator.jobs:celery_app'
            'worker'
            '--beat'
            '--loglevel'
            logLevel
            '--concurrency'
            '2'
            '--schedule'
            '/var/lib/memory/celery/beat-schedule'
          ]
          env: concat(commonEnv, relayEnv, [
            {
              // the per-owner vector indexes are DDL and this identity is not the schema owner
              // (only the migrate job is): an operator runs `memctl owner-indexes` as the owner
              name: 'CONSOLIDATOR_OWNER_INDEXES'
              value: 'false'
            }
          ])
          resources: {
            cpu: json('1.0')
            memory: '2Gi'
          }
        }
      ]
      scale: {
        minReplicas: 1
        maxReplicas: 1
      }
    }
  }
  dependsOn: [
    redisAccess
    raKeyVaultCrypto
    raBlobDocuments
    raBlobCheckpoints
    raBlobDeadletters
    raEventHubSender
    raEventHubReceiver
  ]
}

// One-shot job, started by the operator after each deployment of a new image:
//   az containerapp job start -g <rg> -n <prefix>-migrate
// Runs as the server's Microsoft Entra administrator (migrateIdentity): takes a token as PGPASSWORD,
// creates the three roles (memcore.devstack.bootstrap.ROLES) and grants itself memory_owner, maps
// memory_app and memory_relay to the services' and the relay's identities (security labels of the
// pgaadauth provider: each identity's token is then the password of its role), lets bootstrap
// create the database owned by memory_owner and the extensions, and runs `alembic upgrade head`
// as memory_owner (PGOPTIONS role). Idempotent; no password anywhere. Not run on Azure: the same
// sequence was tried by hand on the embedded Postgres 18 (infra/bicep/README.md).
var migrateScript = '''
export PGSSLMODE=require
PGPASSWORD="$(python -c 'from azure.identity import DefaultAzureCredential as C; print(C().get_token("https://ossrdbms-aad.database.windows.net/.default").token)')"
export PGPASSWORD
python - <<PY
import os
import psycopg
from psycopg import sql
from memcore.devstack.bootstrap import ROLES, bootstrap
admin = os.environ["MEMORY_SUPERUSER_DATABASE_URL"]
with psycopg.connect(admin, autocommit=True) as conn:
    for role, attrs in ROLES.items():
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone():
            conn.execute(sql.SQL("CREATE ROLE {} " + attrs).format(sql.Identifier(role)))
    conn.execute("GRANT memory_owner TO CURRENT_USER")
    for role, var in (("memory_app", "MEMORY_APP_PRINCIPAL_ID"), ("memory_relay", "MEMORY_RELAY_PRINCIPAL_ID")):
        label = "aadauth,oid=" + os.environ[var] + ",type=service"
        conn.execute(sql.SQL("SECURITY LABEL FOR pgaadauth ON ROLE {} IS {}").format(sql.Identifier(role), sql.Literal(label)))
bootstrap(admin)
PY
PGOPTIONS="-c role=memory_owner" alembic upgrade head
'''

resource migrateJob 'Microsoft.App/jobs@2024-03-01' = {
  name: names.migrate
  location: location
  tags: tags
  identity: identityRefMigrate
  properties: {
    environmentId: containerEnv.id
    configuration: {
      triggerType: 'Manual'
      replicaTimeout: 1800
      replicaRetryLimit: 1
      manualTriggerConfig: {
        parallelism: 1
        replicaCompletionCount: 1
      }
      registries: registries
    }
    template: {
      containers: [
        {
          name: 'migrate'
          image: containerImage
          command: [
            'sh'
            '-ec'
          ]
          args: [
            migrateScript
          ]
          env: [
            {
              // the Entra administrator's login is the identity's name
              name: 'MEMORY_SUPERUSER_DATABASE_URL'
              value: format(pgUrl, migrateIdentity.name, 'postgres')
            }
            {
              name: 'DATABASE_URL'
              value: format(pgUrl, migrateIdentity.name, databaseName)
            }
            {
              name: 'MEMORY_APP_PRINCIPAL_ID'
              value: identity.properties.principalId
            }
            {
              name: 'MEMORY_RELAY_PRINCIPAL_ID'
              value: relayIdentity.properties.principalId
            }
            {
              name: 'AZURE_CLIENT_ID'
              value: migrateIdentity.properties.clientId
            }
          ]
          resources: {
            cpu: json('1.0')
            memory: '2Gi'
          }
        }
      ]
    }
  }
  dependsOn: [
    pgEntraAdmin
  ]
}

// ------------------------------------------------------------------------------------------
// Outputs
// ------------------------------------------------------------------------------------------

output memoryApiUrl string = 'https://${apiApp.properties.configuration.ingress.fqdn}'
output policyInternalUrl string = 'https://${policyApp.properties.configuration.ingress.fqdn}'
output consolidatorInternalUrl string = 'https://${consolidatorApp.properties.configuration.ingress.fqdn}'
output migrateJobName string = migrateJob.name
output postgresHost string = pgHost
output postgresDatabase string = databaseName
output redisHost string = redis.properties.hostName
output blobEndpoint string = storage.properties.primaryEndpoints.blob
output documentsContainer string = blobContainer.name
output eventHubsNamespace string = '${eventHubs.name}.servicebus.windows.net'
output changeHubName string = changeHub.name
output eventHubConsumerGroups array = [for consumer in consolidatorConsumers: '${consumerGroupName}.${consumer}']
output modelExtractionConsumerGroup string = modelExtractionGroup.name
output checkpointsContainer string = checkpointContainer.name
output keyVaultUri string = keyVault.properties.vaultUri
output keyEncryptionKeyId string = kek.properties.keyUri
output managedIdentityClientId string = identity.properties.clientId
output managedIdentityPrincipalId string = identity.properties.principalId
output relayIdentityClientId string = relayIdentity.properties.clientId
output migrateIdentityName string = migrateIdentity.name
output deadletterContainer string = deadletterContainer.name
output openAiEndpoint string = deployOpenAI ? openAi.properties.endpoint : ''
output logAnalyticsWorkspaceId string = logs.id
