"""Campaigns: runs of battles whose state lasts from one game to the next.

``expedition`` holds the expedition rules (X-2 … X-19, XS), the first kind of campaign.
"""
