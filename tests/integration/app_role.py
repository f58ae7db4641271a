"""Work on one connection of the application role (row-level security applies), prepared as the
services' pool prepares its connections, inside one transaction of a tenant as a user."""
import asyncio

import asyncpg

from memcore.adapters.postgres import init_connection


def in_tenant(stack_env, tenant_id, user_id, work):
    """`await work(conn)` in that transaction; returns its result."""
    async def run():
        conn = await asyncpg.connect(stack_env["MEMORY_APP_DATABASE_URL"])
        await init_connection(conn)
        try:
            async with conn.transaction():
                await conn.execute("SELECT set_config('app.tenant_id', $1, true), set_config('app.role', 'user', true), "
                                   "set_config('app.user_id', $2, true)", str(tenant_id), str(user_id))
                return await work(conn)
        finally:
            await conn.close()
    return asyncio.run(run())
