// memory-service on Azure: PostgreSQL Flexible Server (pgvector), Azure Cache for Redis, Blob
// storage, Event Hubs, Key Vault, optional Azure OpenAI, and Container Apps running the one image
// of the repository (Dockerfile) as memory-api, policy, consolidator, a Celery worker and a
// one-shot migration job. See README.md beside this file for the deployment steps.
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

@description('Administrator login of the flexible server (used only by the migration job).')
param postgresAdminLogin string = 'memadmin'

@secure()
@description('Administrator password of the flexible server.')
param postgresAdminPassword string

@secure()
@description('Password of memory_owner (schema owner, migrations). URL-safe characters only: it is placed in a connection string.')
param memoryOwnerPassword string

@secure()
@description('Password of memory_app (the services; row-level security applies). URL-safe characters only.')
param memoryAppPassword string

@secure()
@description('Password of memory_relay (the outbox relay). URL-safe characters only.')
param memoryRelayPassword string

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

// Authentication to Blob storage and Event Hubs
@description('false (default): the services use connection strings with keys (Event Hubs SAS rule, storage account key), kept in Key Vault, as the current code expects. true: shared keys and SAS are disabled and only the managed identity works (needs code that uses DefaultAzureCredential; planned).')
param identityOnlyAuth bool = false

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

// ------------------------------------------------------------------------------------------
// Names and constants
// ------------------------------------------------------------------------------------------

var base = toLower(namePrefix)
var suffix = take(toLower(uniqueSuffix), 8)
var names = {
  logs: '${base}-logs'
  identity: '${base}-id'
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
var eventHubName = 'memory-changes'
var consumerGroupName = 'consolidator'

// Built-in role definition ids.
var roles = {
  keyVaultCryptoUser: '12338af0-0e69-4776-bea7-57ae8d297424'
  keyVaultSecretsUser: '4633458b-17de-408a-b874-0445c86b69e6'
  storageBlobDataContributor: 'ba92f5b4-2d11-453d-a403-e96b0029c9fe'
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

resource identity 'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31' = {
  name: names.identity
  location: location
  tags: tags
}

// ------------------------------------------------------------------------------------------
// Key Vault: the key-encryption key (field-level PII envelopes) and the connection secrets
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

resource secretOwnerUrl 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'database-url-owner'
  properties: {
    value: 'postgresql://memory_owner:${memoryOwnerPassword}@${pgHost}:5432/${databaseName}?sslmode=require'
  }
}

resource secretAppUrl 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'database-url-app'
  properties: {
    value: 'postgresql://memory_app:${memoryAppPassword}@${pgHost}:5432/${databaseName}?sslmode=require'
  }
}

resource secretRelayUrl 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'database-url-relay'
  properties: {
    value: 'postgresql://memory_relay:${memoryRelayPassword}@${pgHost}:5432/${databaseName}?sslmode=require'
  }
}

resource secretAdminUrl 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'database-url-admin'
  properties: {
    value: 'postgresql://${postgresAdminLogin}:${postgresAdminPassword}@${pgHost}:5432/postgres?sslmode=require'
  }
}

resource secretRedisUrl 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'redis-url'
  properties: {
    value: 'rediss://:${redis.listKeys().primaryKey}@${redis.properties.hostName}:${redis.properties.sslPort}/0'
  }
}

// With identityOnlyAuth the two strings carry only the endpoint (no key).
resource secretBlobConnection 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'blob-connection-string'
  properties: {
    value: identityOnlyAuth ? 'BlobEndpoint=${storage.properties.primaryEndpoints.blob};' : 'DefaultEndpointsProtocol=https;AccountName=${storage.name};AccountKey=${storage.listKeys().keys[0].value};EndpointSuffix=${environment().suffixes.storage}'
  }
}

resource secretEventHubConnection 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'eventhub-connection-string'
  properties: {
    value: identityOnlyAuth ? 'Endpoint=sb://${eventHubs.name}.servicebus.windows.net/;EntityPath=${changeHub.name}' : changeHubRule.listKeys().primaryConnectionString
  }
}

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
    administratorLogin: postgresAdminLogin
    administratorLoginPassword: postgresAdminPassword
    authConfig: {
      passwordAuth: 'Enabled'
      activeDirectoryAuth: 'Disabled'
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

// The database is created here (owned by the admin); the migration job creates the three roles,
// the extensions and the schema (owned by memory_owner).
resource database 'Microsoft.DBforPostgreSQL/flexibleServers/databases@2024-08-01' = {
  parent: postgres
  name: databaseName
  properties: {
    charset: 'UTF8'
    collation: 'en_US.utf8'
  }
  dependsOn: [
    pgExtensions
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
}

// ------------------------------------------------------------------------------------------
// Azure Cache for Redis: hot session memory and the Celery broker
// ------------------------------------------------------------------------------------------

resource redis 'Microsoft.Cache/redis@2023-08-01' = {
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
    redisConfiguration: {
      // the Celery queue must not be evicted; session keys carry their own TTL
      'maxmemory-policy': 'noeviction'
    }
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
    allowSharedKeyAccess: !identityOnlyAuth
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
    disableLocalAuth: identityOnlyAuth
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

resource consumerGroup 'Microsoft.EventHub/namespaces/eventhubs/consumergroups@2024-01-01' = {
  parent: changeHub
  name: consumerGroupName
  properties: {
    userMetadata: 'consolidator: promotion, supersession, session summaries'
  }
}

// Send + Listen on the hub only (the relay sends, the consumers listen); not with identityOnlyAuth.
resource changeHubRule 'Microsoft.EventHub/namespaces/eventhubs/authorizationRules@2024-01-01' = if (!identityOnlyAuth) {
  parent: changeHub
  name: 'consolidator'
  properties: {
    rights: [
      'Send'
      'Listen'
    ]
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
// Role assignments for the services' managed identity
// ------------------------------------------------------------------------------------------

resource raKeyVaultCrypto 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(keyVault.id, identity.id, roles.keyVaultCryptoUser)
  scope: keyVault
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.keyVaultCryptoUser)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

resource raKeyVaultSecrets 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(keyVault.id, identity.id, roles.keyVaultSecretsUser)
  scope: keyVault
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.keyVaultSecretsUser)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

resource raBlob 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(storage.id, identity.id, roles.storageBlobDataContributor)
  scope: storage
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roles.storageBlobDataContributor)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

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

var registries = empty(registryServer) ? [] : [
  {
    server: registryServer
    identity: identity.id
  }
]

// Secrets are references into Key Vault, read with the managed identity.
var kvSecrets = [
  {
    name: 'database-url-app'
    keyVaultUrl: secretAppUrl.properties.secretUri
    identity: identity.id
  }
  {
    name: 'database-url-relay'
    keyVaultUrl: secretRelayUrl.properties.secretUri
    identity: identity.id
  }
  {
    name: 'redis-url'
    keyVaultUrl: secretRedisUrl.properties.secretUri
    identity: identity.id
  }
  {
    name: 'blob-connection-string'
    keyVaultUrl: secretBlobConnection.properties.secretUri
    identity: identity.id
  }
  {
    name: 'eventhub-connection-string'
    keyVaultUrl: secretEventHubConnection.properties.secretUri
    identity: identity.id
  }
]

var apiSecrets = concat(kvSecrets, [
  {
    name: 'admin-token'
    keyVaultUrl: secretAdminToken.properties.secretUri
    identity: identity.id
  }
])

var migrateSecrets = [
  {
    name: 'database-url-admin'
    keyVaultUrl: secretAdminUrl.properties.secretUri
    identity: identity.id
  }
  {
    name: 'database-url-owner'
    keyVaultUrl: secretOwnerUrl.properties.secretUri
    identity: identity.id
  }
  {
    name: 'database-url-app'
    keyVaultUrl: secretAppUrl.properties.secretUri
    identity: identity.id
  }
  {
    name: 'database-url-relay'
    keyVaultUrl: secretRelayUrl.properties.secretUri
    identity: identity.id
  }
]

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

// Environment shared by memory-api, the consolidator and the worker (names from
// services/shared/memcore/settings.py and services/consolidator/consolidator/settings.py).
var commonEnv = concat([
  {
    name: 'MEMORY_APP_DATABASE_URL'
    secretRef: 'database-url-app'
  }
  {
    name: 'REDIS_URL'
    secretRef: 'redis-url'
  }
  {
    name: 'MEMORY_BLOB_CONNECTION_STRING'
    secretRef: 'blob-connection-string'
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
    name: 'EVENTHUB_CONNECTION_STRING'
    secretRef: 'eventhub-connection-string'
  }
  {
    name: 'EVENTHUB_NAME'
    value: changeHub.name
  }
  {
    name: 'CONSOLIDATOR_CONSUMER_GROUP'
    value: consumerGroup.name
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
], openAiEnv)

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
          env: [
            {
              name: 'POLICY_LOG_LEVEL'
              value: logLevel
            }
          ]
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
    raKeyVaultSecrets
    raKeyVaultCrypto
    raBlob
    raEventHubSender
  ]
}

// API, outbox relay and Event Hubs consumer. The consumer's partition ownership and checkpoints
// live in the checkpoint container, so replicas share the partitions.
resource consolidatorApp 'Microsoft.App/containerApps@2024-03-01' = {
  name: names.consolidator
  location: location
  tags: tags
  identity: identityRef
  properties: {
    managedEnvironmentId: containerEnv.id
    configuration: {
      activeRevisionsMode: 'Single'
      registries: registries
      secrets: kvSecrets
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
          env: concat(commonEnv, [
            {
              name: 'MEMORY_RELAY_DATABASE_URL'
              secretRef: 'database-url-relay'
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
    raKeyVaultSecrets
    raKeyVaultCrypto
    raBlob
    raEventHubSender
    raEventHubReceiver
  ]
}

// Celery worker with embedded beat: exactly one replica (beat must not run twice).
resource workerApp 'Microsoft.App/containerApps@2024-03-01' = {
  name: names.worker
  location: location
  tags: tags
  identity: identityRef
  properties: {
    managedEnvironmentId: containerEnv.id
    configuration: {
      activeRevisionsMode: 'Single'
      registries: registries
      secrets: kvSecrets
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
          env: concat(commonEnv, [
            {
              name: 'MEMORY_RELAY_DATABASE_URL'
              secretRef: 'database-url-relay'
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
    raKeyVaultSecrets
    raKeyVaultCrypto
    raBlob
    raEventHubSender
    raEventHubReceiver
  ]
}

// One-shot job, started by the operator after each deployment of a new image:
//   az containerapp job start -g <rg> -n <prefix>-migrate
// Creates the roles (memcore.devstack.bootstrap), sets their passwords from the connection
// strings, and runs `alembic upgrade head` as memory_owner. Idempotent.
var migrateScript = '''
python - <<PY
import os
from urllib.parse import urlsplit
import psycopg
from psycopg import sql
from memcore.devstack.bootstrap import bootstrap
admin = os.environ["MEMORY_SUPERUSER_DATABASE_URL"]
bootstrap(admin)
with psycopg.connect(admin, autocommit=True) as conn:
    for var in ("DATABASE_URL", "MEMORY_APP_DATABASE_URL", "MEMORY_RELAY_DATABASE_URL"):
        u = urlsplit(os.environ[var])
        conn.execute(sql.SQL("ALTER ROLE {} PASSWORD {}").format(sql.Identifier(u.username), sql.Literal(u.password)))
PY
alembic upgrade head
'''

resource migrateJob 'Microsoft.App/jobs@2024-03-01' = {
  name: names.migrate
  location: location
  tags: tags
  identity: identityRef
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
      secrets: migrateSecrets
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
              name: 'MEMORY_SUPERUSER_DATABASE_URL'
              secretRef: 'database-url-admin'
            }
            {
              name: 'DATABASE_URL'
              secretRef: 'database-url-owner'
            }
            {
              name: 'MEMORY_APP_DATABASE_URL'
              secretRef: 'database-url-app'
            }
            {
              name: 'MEMORY_RELAY_DATABASE_URL'
              secretRef: 'database-url-relay'
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
    raKeyVaultSecrets
    database
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
output eventHubConsumerGroup string = consumerGroup.name
output checkpointsContainer string = checkpointContainer.name
output keyVaultUri string = keyVault.properties.vaultUri
output keyEncryptionKeyId string = kek.properties.keyUri
output managedIdentityClientId string = identity.properties.clientId
output openAiEndpoint string = deployOpenAI ? openAi.properties.endpoint : ''
output logAnalyticsWorkspaceId string = logs.id
